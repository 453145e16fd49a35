import { parseArgs } from 'node:util';
import { ValidationFailed } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/values';
import { CLI_ACTOR, TeamContext } from '../../domain/shared/team';

export const PROGRAM = 'workspace-admin';

/** `uuid`: an id, refused by the parser unless it is a UUID, and read only with `uuid`/`optionalUuid`. */
export type FlagType = 'string' | 'uuid' | 'boolean' | 'integer' | 'json';

/** One option of a command: the parser, the checks and the help all come from this declaration. */
export interface CliFlag {
  /** Without the dashes: `team`, `client-quota`. */
  name: string;
  type: FlagType;
  required?: boolean;
  /** The value's placeholder in usage lines: `ID`, `NAME`… (`ID` for ids, `N` for integers, `JSON` for JSON when absent). */
  value?: string;
  /** The only values a string flag takes. */
  choices?: readonly string[];
  /** The form every value of a string flag has (`takes` completes "--name must be …, not "x""). */
  format?: { readonly test: (text: string) => boolean; readonly takes: string };
  description: string;
}

/** `--team ID`, the flag of every command that works on one team. */
export const TEAM_FLAG = { name: 'team', type: 'uuid', required: true, value: 'ID', description: "The team's id." } as const;

export interface CliCommand {
  /** The words that name it, e.g. `team create`. */
  name: string;
  /** One line: what it does. */
  description: string;
  flags: readonly CliFlag[];
  /** A complete command line, `workspace-admin` included, that the declaration accepts. */
  example: string;
  /** For a command that prints `{ data: [...] }`: the columns of its table in human output. */
  columns?: readonly string[];
  run(args: CliArgs): Promise<unknown>;
  /** Whether what `run` answered reports a failure (an import that failed): it is printed all the same, and the exit status is 1. */
  failed?(result: unknown): boolean;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** The checked values of one command line, read only through the command's declared flags. */
export class CliArgs {
  constructor(
    private readonly command: CliCommand,
    private readonly values: Readonly<Record<string, unknown>>,
  ) {}

  private declared(name: string, types: FlagType[]): void {
    const flag = this.command.flags.find((f) => f.name === name);
    if (!flag || !types.includes(flag.type)) {
      throw new Error(`"${this.command.name}" reads --${name}, which it does not declare as ${types.join(' or ')}`);
    }
  }

  /** Whether the flag was given, whatever its type. */
  given(name: string): boolean {
    this.declared(name, ['string', 'uuid', 'boolean', 'integer', 'json']);
    return this.values[name] !== undefined;
  }

  optional(name: string): string | undefined {
    this.declared(name, ['string']);
    return this.values[name] as string | undefined;
  }

  /** A string flag the command needs (the parser has refused a command line without it when it is declared required). */
  required(name: string): string {
    const v = this.optional(name);
    if (v === undefined) throw new ValidationFailed(`--${name} is required`, name);
    return v;
  }

  /** An id the command needs (a `uuid` flag: the parser has checked it is a UUID). */
  uuid(name: string): string {
    const v = this.optionalUuid(name);
    if (v === undefined) throw new ValidationFailed(`--${name} is required`, name);
    return v;
  }

  /** The team of `--team`, acted on by the operator: the audit trail records its changes as the CLI's. */
  team(): TeamContext {
    return { teamId: this.uuid('team'), actor: CLI_ACTOR };
  }

  optionalUuid(name: string): string | undefined {
    this.declared(name, ['uuid']);
    return this.values[name] as string | undefined;
  }

  flag(name: string): boolean {
    this.declared(name, ['boolean']);
    return this.values[name] === true;
  }

  integer(name: string): number | undefined {
    this.declared(name, ['integer']);
    return this.values[name] as number | undefined;
  }

  json<T = unknown>(name: string, required = false): T | undefined {
    this.declared(name, ['json']);
    const v = this.values[name] as T | undefined;
    if (required && v === undefined) throw new ValidationFailed(`--${name} is required`, name);
    return v;
  }
}

/** What a command line asks for. */
export type CommandLine =
  | { kind: 'help'; text: string }
  | { kind: 'error'; message: string }
  | { kind: 'run'; command: CliCommand; args: CliArgs; json: boolean; argv: string[] };

const HELP_WORDS = new Set(['--help', '-h']);

const placeholder = (f: CliFlag): string =>
  f.choices
    ? f.choices.join('|')
    : (f.value ?? (f.type === 'uuid' ? 'ID' : f.type === 'integer' ? 'N' : f.type === 'json' ? 'JSON' : 'VALUE'));

const flagUsage = (f: CliFlag): string => (f.type === 'boolean' ? `--${f.name}` : `--${f.name} ${placeholder(f)}`);

export const usageOf = (c: CliCommand): string =>
  [PROGRAM, c.name, ...c.flags.map((f) => (f.required ? flagUsage(f) : `[${flagUsage(f)}]`))].join(' ');

const seeHelp = (c: CliCommand): string => `see ${PROGRAM} ${c.name} --help`;

/** `workspace-admin --help`: every command with its description, usage and example. */
export function generalHelp(commands: readonly CliCommand[]): string {
  return [
    `${PROGRAM}: the operator commands of the Workspace API, on the database of DATABASE_URL.`,
    '',
    'Usage:',
    `  ${PROGRAM} <command> [options]          print the result for people`,
    `  ${PROGRAM} <command> [options] --json   print the result as one JSON object (for scripts)`,
    `  ${PROGRAM} <command> --help             the command's options and an example`,
    '',
    'Commands:',
    ...commands.flatMap((c) => [
      `  ${c.name}`,
      `      ${c.description}`,
      ...(c.flags.length ? [`      ${usageOf(c)}`] : []),
      `      e.g. ${c.example}`,
    ]),
    '',
    'Options are checked: an unknown option, a missing required one or a malformed value stops the command.',
    'Lists print newest first, --limit at a time (50 by default, at most 500); pass the printed next_cursor',
    'as --cursor for the next page. Errors go to stderr, with exit status 1.',
  ].join('\n');
}

/** `workspace-admin <command> --help`: its options (value, required or not, description) and an example. */
export function commandHelp(c: CliCommand): string {
  const rows: [string, string, string][] = [
    ...c.flags.map((f): [string, string, string] => [flagUsage(f), f.required ? 'required' : 'optional', f.description]),
    ['--json', '', 'Print the result as one JSON object on stdout (the machine contract).'],
    ['-h, --help', '', 'Print this help.'],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  return [
    usageOf(c),
    '',
    c.description,
    '',
    'Options:',
    ...rows.map(([flag, req, text]) => `  ${flag.padEnd(w0)}  ${req.padEnd(8)}  ${text}`.trimEnd()),
    '',
    'Example:',
    `  ${c.example}`,
  ].join('\n');
}

/** The commands whose name starts with these words (`team` gives `team create`, `team list`). */
const groupOf = (commands: readonly CliCommand[], words: string[]): CliCommand[] =>
  words.length === 0 ? [] : commands.filter((c) => c.name.split(' ').slice(0, words.length).join(' ') === words.join(' '));

/** The command named by the first words of `argv`, the longest name first. */
function commandOf(commands: readonly CliCommand[], argv: string[]): { command: CliCommand; rest: string[] } | null {
  let best: CliCommand | null = null;
  for (const c of commands) {
    const n = c.name.split(' ').length;
    if (argv.slice(0, n).join(' ') === c.name && (!best || n > best.name.split(' ').length)) best = c;
  }
  return best ? { command: best, rest: argv.slice(best.name.split(' ').length) } : null;
}

const leadingWords = (argv: string[]): string[] => {
  const i = argv.findIndex((w) => w.startsWith('-'));
  return i < 0 ? argv : argv.slice(0, i);
};

function helpFor(commands: readonly CliCommand[], words: string[]): CommandLine {
  if (words.length === 0) return { kind: 'help', text: generalHelp(commands) };
  const exact = commands.find((c) => c.name === words.join(' '));
  if (exact) return { kind: 'help', text: commandHelp(exact) };
  const group = groupOf(commands, words);
  if (group.length) return { kind: 'help', text: group.map(commandHelp).join('\n\n') };
  return { kind: 'error', message: `unknown command "${words.join(' ')}"; see ${PROGRAM} --help` };
}

/**
 * Why a strict parse refused `rest`, naming the option or argument, from the tokens of a lenient parse
 * (Node's own messages are for programs, and do not name the command).
 */
function refusal(command: CliCommand, rest: string[], options: Record<string, { type: 'string' | 'boolean' }>, err: Error): string {
  const { tokens } = parseArgs({ args: rest, options, strict: false, allowPositionals: true, tokens: true });
  const where = `for "${command.name}"; ${seeHelp(command)}`;
  for (const t of tokens) {
    if (t.kind === 'positional') return `unexpected argument "${t.value}" ${where}`;
    if (t.kind !== 'option') continue;
    const declared = options[t.name];
    if (!declared) return `unknown option ${t.rawName} ${where}`;
    if (declared.type === 'boolean' && t.value !== undefined) return `option ${t.rawName} takes no value ${where}`;
    if (declared.type === 'string' && (t.value === undefined || (!t.inlineValue && t.value.startsWith('-')))) {
      return `option ${t.rawName} needs a value (one starting with "-" is written ${t.rawName}=-…) ${where}`;
    }
  }
  return `${err.message} ${where}`;
}

/** Parses `argv` against the declared commands (node:util parseArgs, strict): help, an error, or a command to run. */
export function parseCommandLine(argv: string[], commands: readonly CliCommand[]): CommandLine {
  if (argv.length === 0 || (argv.length === 1 && HELP_WORDS.has(argv[0]))) return helpFor(commands, []);
  if (argv[0] === 'help') {
    const words = argv.slice(1);
    if (words.some((w) => w.startsWith('-'))) return { kind: 'error', message: `help takes command words only; see ${PROGRAM} --help` };
    return helpFor(commands, words);
  }
  const found = commandOf(commands, argv);
  if (!found) {
    const words = leadingWords(argv);
    if (words.length && argv.slice(words.length).some((w) => HELP_WORDS.has(w))) return helpFor(commands, words);
    if (!words.length) return { kind: 'error', message: `unknown option ${argv[0]}: give a command first; see ${PROGRAM} --help` };
    return { kind: 'error', message: `unknown command "${words.join(' ')}"; see ${PROGRAM} --help` };
  }
  const { command, rest } = found;
  const dashes = rest.indexOf('--');
  if ((dashes < 0 ? rest : rest.slice(0, dashes)).some((w) => HELP_WORDS.has(w))) return helpFor(commands, command.name.split(' '));

  const options: Record<string, { type: 'string' | 'boolean' }> = { json: { type: 'boolean' } };
  for (const f of command.flags) options[f.name] = { type: f.type === 'boolean' ? 'boolean' : 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false }));
  } catch (err) {
    return { kind: 'error', message: refusal(command, rest, options, err as Error) };
  }

  const missing = command.flags.filter((f) => f.required && (values[f.name] === undefined || values[f.name] === ''));
  if (missing.length) {
    const names = missing.map((f) => `--${f.name}`).join(', ');
    return {
      kind: 'error',
      message: `missing required option${missing.length > 1 ? 's' : ''} ${names} for "${command.name}"; ${seeHelp(command)}`,
    };
  }
  const checked: Record<string, unknown> = {};
  for (const f of command.flags) {
    const v = values[f.name];
    if (v === undefined) continue;
    if (f.type === 'boolean') {
      checked[f.name] = v;
      continue;
    }
    const text = v as string;
    if (f.type === 'integer') {
      if (!/^\d+$/.test(text)) return { kind: 'error', message: `--${f.name} must be a whole number, not "${text}"` };
      checked[f.name] = Number(text);
    } else if (f.type === 'uuid') {
      if (!isUuid(v)) return { kind: 'error', message: `--${f.name} must be a UUID, not "${text}"` };
      // In lower case, as ids are stored and as the API reads them: the same id in any case.
      checked[f.name] = text.toLowerCase();
    } else if (f.type === 'json') {
      try {
        checked[f.name] = JSON.parse(text);
      } catch {
        return { kind: 'error', message: `--${f.name} must be JSON` };
      }
    } else {
      if (f.choices && !f.choices.includes(text))
        return { kind: 'error', message: `--${f.name} must be one of ${f.choices.join(', ')}, not "${text}"` };
      if (f.format && !f.format.test(text)) return { kind: 'error', message: `--${f.name} must be ${f.format.takes}, not "${text}"` };
      checked[f.name] = text;
    }
  }
  return { kind: 'run', command, args: new CliArgs(command, checked), json: values.json === true, argv };
}

// Human output. Values come from stored data (names, payloads): control characters, escape sequences
// included, are printed escaped so that nothing a sender wrote can drive the operator's terminal.

// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function cell(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return CONTROL.test(v) ? JSON.stringify(v) : v;
  if (typeof v === 'object') return JSON.stringify(v);
  // What is left is a number, a boolean, a bigint or a symbol.
  const scalar = v as number | boolean | bigint | symbol;
  return String(scalar);
}

function table(rows: Record<string, unknown>[], columns: readonly string[]): string[] {
  const cells = rows.map((r) => columns.map((c) => cell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((s, i) => (i === r.length - 1 ? s : s.padEnd(widths[i]))).join('  ');
  return [line([...columns]), ...cells.map(line)];
}

function keyValues(value: Record<string, unknown>, indent = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? [`${indent}${k}:`, ...keyValues(v as Record<string, unknown>, `${indent}  `)]
      : [`${indent}${k}: ${cell(v)}`],
  );
}

const SHELL_SAFE = /^[\w@%+=:,./-]+$/;
const shellWord = (w: string): string => (SHELL_SAFE.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The same command line for the page after `cursor`. */
function nextPageLine(command: CliCommand, argv: string[], cursor: string): string {
  const rest = argv.slice(command.name.split(' ').length);
  const kept: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--json' || rest[i].startsWith('--cursor=')) continue;
    if (rest[i] === '--cursor') {
      i++;
      continue;
    }
    kept.push(rest[i]);
  }
  return [PROGRAM, ...command.name.split(' '), ...kept, '--cursor', cursor].map(shellWord).join(' ');
}

/** The result for people: a table for a list (and how to get the next page), `key: value` lines otherwise. */
export function humanText(result: unknown, command: CliCommand, argv: string[]): string {
  if (result === null || typeof result !== 'object') return cell(result);
  const r = result as Record<string, unknown>;
  if (Array.isArray(r.data)) {
    const rows = r.data as Record<string, unknown>[];
    const columns = command.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const lines = rows.length ? table(rows, columns) : ['(none)'];
    if (typeof r.next_cursor === 'string') lines.push('', `Next page: ${nextPageLine(command, argv, r.next_cursor)}`);
    return lines.join('\n');
  }
  return keyValues(r).join('\n');
}

/** Runs a parsed command line: its result on stdout (JSON with --json), or a message on stderr and 1. */
export async function runCommandLine(line: Extract<CommandLine, { kind: 'run' }>, io: CliIo): Promise<number> {
  try {
    const result = await line.command.run(line.args);
    io.out(line.json ? JSON.stringify(result) : humanText(result, line.command, line.argv));
    return line.command.failed?.(result) ? 1 : 0;
  } catch (err) {
    io.err(`error: ${(err as Error).message}`);
    return 1;
  }
}

/** Reports help and refusals of a command line; 0 for help, 1 for an error. */
export function reportCommandLine(line: Exclude<CommandLine, { kind: 'run' }>, io: CliIo): number {
  if (line.kind === 'help') {
    io.out(line.text);
    return 0;
  }
  io.err(`error: ${line.message}`);
  return 1;
}

/** Parses and runs one command line. */
export async function runCli(argv: string[], commands: readonly CliCommand[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, commands);
  return line.kind === 'run' ? runCommandLine(line, io) : reportCommandLine(line, io);
}
