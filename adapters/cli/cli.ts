import { ValidationFailed } from '../../domain/shared/errors';

/** The long options of one command line: `--name X`, `--name=X`, or a bare `--flag`. */
export class CliArgs {
  constructor(private readonly flags: Record<string, string | true>) {}

  static parse(words: string[]): { positional: string[]; args: CliArgs } {
    const positional: string[] = [];
    const flags: Record<string, string | true> = {};
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (!w.startsWith('--')) { positional.push(w); continue; }
      const eq = w.indexOf('=');
      if (eq > 0) { flags[w.slice(2, eq)] = w.slice(eq + 1); continue; }
      const next = words[i + 1];
      if (next !== undefined && !next.startsWith('--')) { flags[w.slice(2)] = next; i++; } else flags[w.slice(2)] = true;
    }
    return { positional, args: new CliArgs(flags) };
  }

  optional(name: string): string | undefined {
    const v = this.flags[name];
    if (v === true) throw new ValidationFailed(`--${name} needs a value`, name);
    return v;
  }

  required(name: string): string {
    const v = this.optional(name);
    if (v === undefined || v === '') throw new ValidationFailed(`--${name} is required`, name);
    return v;
  }

  flag(name: string): boolean {
    return this.flags[name] !== undefined;
  }

  integer(name: string): number | undefined {
    const v = this.optional(name);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new ValidationFailed(`--${name} must be a whole number`, name);
    return Number(v);
  }

  json<T = unknown>(name: string, required = false): T | undefined {
    const v = required ? this.required(name) : this.optional(name);
    if (v === undefined) return undefined;
    try {
      return JSON.parse(v) as T;
    } catch {
      throw new ValidationFailed(`--${name} must be JSON`, name);
    }
  }
}

export interface CliCommand {
  /** The words that name it, e.g. `team create`. */
  name: string;
  usage: string;
  run(args: CliArgs): Promise<unknown>;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Runs one command: exactly one JSON object on stdout and exit 0, or a message on stderr and exit 1.
 */
export async function runCli(argv: string[], commands: CliCommand[], io: CliIo): Promise<number> {
  const { positional, args } = CliArgs.parse(argv);
  const words = positional.join(' ');
  const command = [...commands].sort((a, b) => b.name.length - a.name.length)
    .find((c) => words === c.name || words.startsWith(`${c.name} `));
  if (words === 'help' || (args.flag('help') && !command)) {
    io.out(JSON.stringify({ usage: commands.map((c) => c.usage) }));
    return 0;
  }
  if (!command) {
    io.err(`unknown command "${words}"; usage: workspace-admin <command> [--options]\n${commands.map((c) => `  ${c.usage}`).join('\n')}`);
    return 1;
  }
  if (args.flag('help')) {
    io.out(JSON.stringify({ usage: [command.usage] }));
    return 0;
  }
  try {
    const result = await command.run(args);
    io.out(JSON.stringify(result));
    return 0;
  } catch (err) {
    io.err(`error: ${(err as Error).message}`);
    return 1;
  }
}
