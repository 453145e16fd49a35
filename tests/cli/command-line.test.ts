// The command line of workspace-admin, from the commands' declarations alone: no runtime, no database.
import { expect } from 'chai';
import { Container } from 'inversify';
import { CliCommand, humanText, parseCommandLine, runCli } from '../../adapters/cli/cli';
import { operatorCommands } from '../../bootstrap/cli-main';
import { Runtime } from '../../bootstrap/container';
import { CONTEXTS } from '../../bootstrap/contexts';

const COMMANDS = operatorCommands(null, (): Runtime => {
  throw new Error('no runtime in these tests');
});

/** The words of a command line as a POSIX shell splits it (quotes only, no expansion but a kept `$VAR`). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  let word = '';
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > last && word) {
      words.push(word);
      word = '';
    }
    word += m[1] ?? m[2] ?? m[3];
    last = m.index + m[0].length;
    if (line[last] === undefined || /\s/.test(line[last])) {
      words.push(word);
      word = '';
    }
  }
  return words;
}

/** Runs against the declarations; the command's run is never reached for refused lines. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, COMMANDS, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const TEAM = '019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b';

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('workspace-admin command line', () => {
  it('declares, without a runtime, exactly the commands the contexts bind, in their order and as they bind them', () => {
    const contexts = new Container();
    contexts.loadSync(...CONTEXTS);
    const bound = operatorCommands(contexts, (): Runtime => {
      throw new Error('no runtime in these tests');
    });
    const shape = (c: CliCommand) => JSON.stringify([c.name, c.description, c.flags, c.example, c.columns, c.failed !== undefined]);
    expect(COMMANDS.map(shape)).to.deep.equal(bound.map(shape));
    expect(COMMANDS.map((c) => c.name)).to.include.members(['team list', 'webhook create', 'workflow list', 'workflow delete']);
  });

  it('declares every command with a description, its flags and an example the declaration accepts', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size, 'names are unique').to.equal(names.length);
    for (const c of COMMANDS) {
      expect(c.description, c.name).to.match(/^[A-Z].*\.$/);
      expect(c.description, c.name).to.not.contain('\n');
      for (const f of c.flags) expect(f.description, `${c.name} --${f.name}`).to.match(/^\S.*\.$/);
      const words = shellWords(c.example);
      expect(words[0], c.example).to.equal('workspace-admin');
      const line = parseCommandLine(words.slice(1), COMMANDS);
      expect(line.kind, `${c.example}: ${line.kind === 'error' ? line.message : ''}`).to.equal('run');
      expect(line.kind === 'run' && line.command.name, c.example).to.equal(c.name);
    }
    for (const name of ['team list', 'key list', 'inbox list', 'webhook list', 'webhook deliveries', 'workflow runs']) {
      const c = COMMANDS.find((x) => x.name === name)!;
      expect(
        c.flags.map((f) => f.name),
        name,
      ).to.include.members(['limit', 'cursor']);
    }
  });

  it('prints the same help for people with --help, -h, help and no arguments: every command, its usage and an example', async () => {
    const texts = await Promise.all([cli(), cli('--help'), cli('-h'), cli('help')]);
    for (const r of texts) {
      expect(r.code).to.equal(0);
      expect(r.err).to.equal('');
      expect(r.out).to.equal(texts[0].out);
    }
    const { out } = texts[0];
    expect(isJson(out)).to.equal(false);
    expect(out).to.match(/^workspace-admin: /);
    expect(out).to.contain('--json');
    for (const c of COMMANDS) {
      expect(out, c.name).to.contain(`\n  ${c.name}\n      ${c.description}\n`);
      expect(out, c.name).to.contain(`e.g. ${c.example}`);
      for (const f of c.flags) expect(out, `${c.name} --${f.name}`).to.contain(`--${f.name}`);
    }
    expect(out).to.contain('workspace-admin team create --name NAME [--client-quota N]');
    expect(out).to.contain(
      'workspace-admin inbox create --team ID --name NAME --channel cloud_api|evolution|sandbox [--phone-number-id X]',
    );
  });

  it("prints a command's options (value, required or optional, description) and example with <command> --help or help <command>", async () => {
    for (const c of COMMANDS) {
      const words = c.name.split(' ');
      const [a, b, d] = await Promise.all([cli(...words, '--help'), cli('help', ...words), cli(...words, '--bogus', '-h')]);
      for (const r of [a, b, d]) {
        expect(r.code, c.name).to.equal(0);
        expect(r.out, c.name).to.equal(a.out);
      }
      expect(a.out.split('\n')[0], c.name).to.match(new RegExp(`^workspace-admin ${c.name}`));
      expect(a.out, c.name).to.contain(c.description);
      expect(a.out, c.name).to.contain(`Example:\n  ${c.example}`);
      expect(a.out, c.name).to.contain('--json');
      for (const f of c.flags) {
        const row = a.out.split('\n').find((l) => l.startsWith(`  --${f.name}`));
        expect(row, `${c.name} --${f.name}`).to.not.equal(undefined);
        expect(row, `${c.name} --${f.name}`).to.contain(f.required ? 'required' : 'optional');
        expect(row, `${c.name} --${f.name}`).to.contain(f.description);
      }
    }
    const create = (await cli('team', 'create', '--help')).out;
    expect(create).to.match(/\n {2}--name NAME\s+required\s+The team's name\.\n/);
    expect(create).to.match(/\n {2}--client-quota N\s+optional\s+Most active clients/);
    const group = await cli('team', '--help');
    expect(group.code).to.equal(0);
    expect(group.out)
      .to.contain('workspace-admin team create')
      .and.to.contain('workspace-admin team list')
      .and.to.not.contain('workspace-admin key create');
  });

  it('refuses an unknown option, naming it and the command, and nothing runs', async () => {
    const r = await cli('team', 'create', '--name', 'X', '--bogus', '1');
    expect(r).to.deep.equal({
      code: 1,
      out: '',
      err: 'error: unknown option --bogus for "team create"; see workspace-admin team create --help',
    });
    expect((await cli('workflow', 'runs', '--team', 't', '-x')).err).to.equal(
      'error: unknown option -x for "workflow runs"; see workspace-admin workflow runs --help',
    );
    expect((await cli('workflow', 'dispatch', '--team', 'x')).err).to.match(/^error: unknown option --team for "workflow dispatch"/);
  });

  it('refuses an unknown command, naming it', async () => {
    for (const [argv, named] of [
      [['team', 'bogus'], 'team bogus'],
      [['bogus'], 'bogus'],
      [['teams', 'list', '--json'], 'teams list'],
    ] as const) {
      const r = await cli(...argv);
      expect(r.code, named).to.equal(1);
      expect(r.out, named).to.equal('');
      expect(r.err, named).to.equal(`error: unknown command "${named}"; see workspace-admin --help`);
    }
    expect((await cli('help', 'nothing')).err).to.equal('error: unknown command "nothing"; see workspace-admin --help');
    expect((await cli('--bogus')).err).to.match(/^error: unknown option --bogus/);
  });

  it('refuses a missing required option, naming every one missing', async () => {
    expect(await cli('team', 'create')).to.deep.equal({
      code: 1,
      out: '',
      err: 'error: missing required option --name for "team create"; see workspace-admin team create --help',
    });
    expect((await cli('team', 'create', '--name', '')).err).to.match(/missing required option --name/);
    expect((await cli('webhook', 'create', '--team', '019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b')).err).to.equal(
      'error: missing required options --name, --action, --project for "webhook create"; see workspace-admin webhook create --help',
    );
  });

  it('refuses malformed values: a missing value, a value for a switch, a stray argument, a bad number, JSON or choice', async () => {
    const refused: [string[], RegExp][] = [
      [['team', 'create', '--name'], /^error: option --name needs a value .*for "team create"/],
      [['team', 'create', '--name', '--client-quota', '2'], /^error: option --name needs a value/],
      [
        ['webhook', 'update', '--endpoint', 'x', '--no-idempotency-path=1'],
        /^error: option --no-idempotency-path takes no value for "webhook update"/,
      ],
      [['workflow', 'dispatch', 'extra'], /^error: unexpected argument "extra" for "workflow dispatch"/],
      [['team', 'create', '--name', 'X', '--client-quota', 'two'], /^error: --client-quota must be a whole number, not "two"$/],
      [['team', 'create', '--name', 'X', '--client-quota', '-1'], /^error: option --client-quota needs a value/],
      [['workflow', 'runs', '--team', TEAM, '--limit', '1.5'], /^error: --limit must be a whole number/],
      [
        ['workflow', 'create', '--team', TEAM, '--event', 'deal_created', '--action', 'create_task', '--config', '{'],
        /^error: --config must be JSON$/,
      ],
      [
        ['inbox', 'create', '--team', TEAM, '--name', 'X', '--channel', 'fax'],
        /^error: --channel must be one of cloud_api, evolution, sandbox, not "fax"$/,
      ],
      [['key', 'list', '--team', 't'], /^error: --team must be a UUID, not "t"$/],
      [['inbox', 'errors', '--team', TEAM, '--inbox', 'x'], /^error: --inbox must be a UUID, not "x"$/],
      [['webhook', 'replay', '--id', 'nope'], /^error: --id must be a UUID, not "nope"$/],
      [['workflow', 'dispatch', '--json=yes'], /^error: option --json takes no value/],
    ];
    for (const [argv, message] of refused) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).to.equal(1);
      expect(r.out, argv.join(' ')).to.equal('');
      expect(r.err, argv.join(' ')).to.match(message);
    }
    const line = parseCommandLine(['team', 'create', '--name=-dash-', '--client-quota=3', '--json'], COMMANDS);
    expect(line.kind).to.equal('run');
    if (line.kind === 'run') {
      expect(line.json).to.equal(true);
      expect([line.args.required('name'), line.args.integer('client-quota')]).to.deep.equal(['-dash-', 3]);
    }
  });

  it('reads every id one way: declared as an id, refused unless a UUID (or, for an endpoint, its endpoint_id), read only as one, in lower case', () => {
    for (const c of COMMANDS) {
      for (const f of c.flags) {
        if (f.name === 'endpoint')
          expect([f.type, f.value, f.format?.test('wh_x')], `${c.name} --${f.name}`).to.deep.equal(['string', 'ID', true]);
        else if (/ID$/.test(f.value ?? '')) expect(f.type, `${c.name} --${f.name}`).to.equal('uuid');
      }
    }
    const line = parseCommandLine(['key', 'list', '--team', TEAM.toUpperCase()], COMMANDS);
    expect(line.kind).to.equal('run');
    if (line.kind === 'run') {
      expect(line.args.uuid('team')).to.equal(TEAM);
      expect(() => line.args.required('team')).to.throw('"key list" reads --team, which it does not declare as string');
    }
  });
});

describe('workspace-admin output', () => {
  const page = {
    data: [
      { id: 'a1', name: 'Acme', quota: null, tags: ['x'] },
      { id: 'b22', name: 'Beta\u001b[31m', quota: 2, tags: [] },
    ],
    next_cursor: 'C1',
  };
  const fake = (result: unknown, extra: Partial<CliCommand> = {}): CliCommand[] => [
    {
      name: 'thing list',
      description: 'Lists.',
      example: 'workspace-admin thing list',
      flags: [
        { name: 'limit', type: 'integer', description: 'N.' },
        { name: 'cursor', type: 'string', description: 'C.' },
      ],
      run: async () => result,
      ...extra,
    },
  ];
  const run = async (commands: CliCommand[], ...argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(argv, commands, { out: (t) => out.push(t), err: (t) => out.push(`ERR ${t}`) });
    return { code, out };
  };

  it('prints exactly one JSON object with --json', async () => {
    const r = await run(fake(page), 'thing', 'list', '--json');
    expect(r.code).to.equal(0);
    expect(r.out).to.have.length(1);
    expect(r.out[0]).to.not.contain('\n');
    expect(JSON.parse(r.out[0])).to.deep.equal(page);
  });

  it('prints a list as a table for people, control characters escaped, and the command line of the next page', async () => {
    const r = await run(fake(page, { columns: ['id', 'name', 'quota'] }), 'thing', 'list', '--limit', '2', '--cursor', 'C0');
    expect(r.code).to.equal(0);
    expect(r.out[0].split('\n')).to.deep.equal([
      'id   name              quota',
      'a1   Acme              -',
      'b22  "Beta\\u001b[31m"  2',
      '',
      'Next page: workspace-admin thing list --limit 2 --cursor C1',
    ]);
    expect(r.out[0]).to.not.contain('\u001b');
    const last = await run(fake({ data: [], next_cursor: null }), 'thing', 'list');
    expect(last.out).to.deep.equal(['(none)']);
  });

  it('prints an object as key: value lines, nested objects indented', () => {
    const text = humanText({ team: { id: 't', name: 'A B' }, api_key: { id: 'k', key: 'wsk_x' }, n: 0, list: [1, 2] }, fake(null)[0], []);
    expect(text).to.equal('team:\n  id: t\n  name: A B\napi_key:\n  id: k\n  key: wsk_x\nn: 0\nlist: [1,2]');
  });

  it('reports a failed command on stderr with exit 1, and a command reading an undeclared option as a bug', async () => {
    const failing = await run(
      fake(null, {
        run: async () => {
          throw new Error('boom');
        },
      }),
      'thing',
      'list',
    );
    expect(failing).to.deep.equal({ code: 1, out: ['ERR error: boom'] });
    const sloppy = await run(fake(null, { run: async (a) => a.optional('team') }), 'thing', 'list');
    expect(sloppy.out).to.deep.equal(['ERR error: "thing list" reads --team, which it does not declare as string']);
  });
});
