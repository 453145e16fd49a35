// No dead citations: every link and every `.md` file the docs name leads somewhere, so a doc that moves
// or is renamed fails here instead of leaving readers (and the code's comments) pointing at nothing.
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/**
 * Files being written on another branch at the same time as the links to them (issue #34): a link to one
 * may lead nowhere until both are merged. Remove an entry once its file is in the tree.
 */
/** The docs a reader follows: the README, CONTRIBUTING, the CHANGELOG, docs/ and the Knex adapter's README. */
const docs = (): string[] => [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  'adapters/persistence/knex/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text of a markdown file without its fenced code blocks (whose text is not read as links). */
const prose = (text: string): string => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
const slugOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Every anchor a markdown file offers: its headings', the second of a name with `-1`, and so on. */
const anchorsOf = (file: string): Set<string> => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(m[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
};

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();
const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of `doc` (a path from the root), or null when it leads somewhere. */
const brokenLink = (doc: string, target: string): string | null => {
  if (isExternal(target)) return null;
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const file = path === '' ? join(ROOT, doc) : resolve(ROOT, dirname(doc), decodeURI(path));
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor)) return `${target}: no heading #${anchor}`;
  return null;
};

/** The targets of the inline links `[text](target)` of a markdown text. */
const linkTargets = (text: string): string[] => [...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);

/** The `.md` files a text names outside its links (`docs/scaling.md`, `CHANGELOG.md`), URLs left out. */
const mdMentions = (text: string): string[] =>
  [
    ...prose(text)
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '')
      .matchAll(/(?<![\w./-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]+\.md)\b/g),
  ].map((m) => m[1]);

/** A mention names a file from the root, from the mentioning file's folder, or (a bare name) at the root. */
const mentionResolves = (doc: string, mention: string): boolean =>
  [resolve(ROOT, mention), resolve(ROOT, dirname(doc), mention)].some((file) => isFile(file));

/** The code whose comments cite docs: the four layers, the scripts, the tests and the benchmark. */
const CODE_DIRS = ['domain', 'application', 'adapters', 'bootstrap', 'bin', 'tests', 'bench'];
const CODE = /\.(ts|js|cjs|mjs)$/;

const codeFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });

/** The comments of a source file, as written (`// …` and block comments), each once. */
const commentsOf = (path: string, text: string): string[] => {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const seen = new Set<number>();
  const comments: string[] = [];
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      comments.push(text.slice(r.pos, r.end));
    }
  };
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.getFullStart()));
    add(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments;
};

/** A doc a comment cites: the file (`docs/api.md`, or the README by name), and the section it names in quotes after it. */
interface Citation {
  file: string;
  section?: string;
}

const citationsIn = (comment: string): Citation[] =>
  [
    ...comment.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '').matchAll(/(?<![\w./-])((?:[\w-]+\/)*[\w.-]+\.md|README)\b(?:,? "([^"\n]+)")?/g),
  ].map((m) => ({ file: m[1] === 'README' ? 'README.md' : m[1], section: m[2] }));

/** The headings of a markdown file, in plain words. */
const headingsOf = (file: string): string[] =>
  [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1].replace(/`/g, '').toLowerCase());

/** What is wrong with a citation in `codeFile`, or null: the file must exist, the section be a heading of it. */
const brokenCitation = (codeFile: string, { file, section }: Citation): string | null => {
  const found = [resolve(ROOT, file), resolve(ROOT, dirname(codeFile), file)].find(isFile);
  if (!found) return `${file}: no such file`;
  if (section === undefined) return null;
  const wanted = section.toLowerCase();
  return headingsOf(found).some((h) => h.startsWith(wanted)) ? null : `${file} "${section}": no such heading`;
};

describe('Docs: no dead citations', () => {
  it('reads the docs a newcomer follows', () => {
    for (const doc of docs()) expect(isFile(join(ROOT, doc)), doc).to.equal(true);
    expect(docs()).to.include.members(['docs/api.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/operations.md']);
  });

  it('resolves every relative link of the README, CONTRIBUTING, the CHANGELOG and docs/, anchors included', () => {
    const broken = docs().flatMap((doc) =>
      linkTargets(readFileSync(join(ROOT, doc), 'utf8')).flatMap((target) => {
        const problem = brokenLink(doc, target);
        return problem ? [`${doc}: ${problem}`] : [];
      }),
    );
    expect(broken).to.deep.equal([]);
  });

  it('finds every .md file those docs name in their text', () => {
    const missing = docs().flatMap((doc) =>
      mdMentions(readFileSync(join(ROOT, doc), 'utf8'))
        .filter((mention) => !mentionResolves(doc, mention))
        .map((mention) => `${doc}: ${mention}`),
    );
    expect(missing).to.deep.equal([]);
  });

  it('tells a dead link, a missing anchor and a missing file apart from good ones', () => {
    expect(brokenLink('README.md', 'docs/api.md#search')).to.equal(null);
    expect(brokenLink('docs/api.md', 'operations.md#configuration')).to.equal(null);
    expect(brokenLink('docs/api.md', '#errors')).to.equal(null);
    expect(brokenLink('docs/api.md', 'https://example.com/x.md')).to.equal(null);
    expect(brokenLink('README.md', 'docs/nowhere.md')).to.match(/no such file/);
    expect(brokenLink('README.md', 'docs/api.md#nowhere')).to.match(/no heading/);
    expect(mdMentions('See docs/scaling.md and [x](y.md), not https://example.com/z.md.')).to.deep.equal(['docs/scaling.md']);
    expect(slugOf('The operator CLI: `workspace-admin`')).to.equal('the-operator-cli-workspace-admin');
    expect(slugOf('Rotating `SECRETS_KEY`')).to.equal('rotating-secrets_key');
  });

  it('finds every .md file a code comment cites, and the section it names', () => {
    const broken = CODE_DIRS.flatMap(codeFiles).flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      // Parsing is the slow part: only a file that names a doc can cite one.
      if (!/\.md\b|README/.test(text)) return [];
      return commentsOf(path, text)
        .flatMap(citationsIn)
        .flatMap((citation) => {
          const problem = brokenCitation(path, citation);
          return problem ? [`${path}: ${problem}`] : [];
        });
    });
    expect(broken).to.deep.equal([]);
  });

  it('reads citations in comments only, and checks their file and section', () => {
    const source = [
      '// See docs/api.md "Search" and NOWHERE.md.',
      'const s = \'ELSEWHERE.md\'; /* README "Nowhere at all" */',
      'const t = `// not a comment: GONE.md`;',
    ].join('\n');
    const comments = commentsOf('x.ts', source);
    expect(comments).to.have.length(2);
    const cited = comments.flatMap(citationsIn);
    expect(cited).to.deep.equal([
      { file: 'docs/api.md', section: 'Search' },
      { file: 'NOWHERE.md', section: undefined },
      { file: 'README.md', section: 'Nowhere at all' },
    ]);
    expect(cited.map((c) => brokenCitation('x.ts', c))).to.deep.equal([
      null,
      'NOWHERE.md: no such file',
      'README.md "Nowhere at all": no such heading',
    ]);
  });
});
