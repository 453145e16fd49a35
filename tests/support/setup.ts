// Loaded before every test file (see .mocharc.json).
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
