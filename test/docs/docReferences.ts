/**
 * What a Markdown doc refers to, and which of it is missing: relative links and images (with their
 * `#anchor` when the target is a Markdown file, or the doc itself), and paths of the project
 * named in inline code (`src/…`, `server/…`, `test/…`, `docs/…` and the other top folders).
 * Fenced code blocks are commands, not references: they are left out.
 */
import { existsSync, readFileSync, statSync } from 'fs';
import path from 'path';

/** The top folders whose paths in inline code must exist. */
const PATH_PREFIXES = ['src/', 'server/', 'test/', 'docs/', 'mirage/', 'stage/', 'lint/', 'deploy/', '.ci/'];
/** Made by a build or a run, so absent from a clean tree (see .gitignore). */
const BUILD_OUTPUTS = ['server/dist/', 'dist/', '.data/', 'test-results/', 'node_modules/'];
/** A pattern, a placeholder or an elision, not one path. */
const NOT_ONE_PATH = /[*<>{}…|]|\s/;

export type Problem = { doc: string; line: number; reference: string; why: string };

/** The text without fenced code blocks (their lines kept blank, so line numbers hold). */
function withoutFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (a repeated heading gets `-1`, `-2`, … as on GitHub). */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

function linkProblems(root: string, doc: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (isExternal(target)) continue;
    const line = lineAt(text, match.index!);
    const [file, anchor] = target.split('#') as [string, string | undefined];
    if (file === '') {
      if (!anchorsOf(text).has(anchor ?? '')) problems.push({ doc, line, reference: target, why: 'no such heading' });
      continue;
    }
    const resolved = path.resolve(root, path.dirname(doc), decodeURI(file));
    if (!existsSync(resolved)) {
      problems.push({ doc, line, reference: target, why: 'no such file or folder' });
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md') || !statSync(resolved).isFile()) continue;
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) problems.push({ doc, line, reference: target, why: 'no such heading' });
  }
  return problems;
}

function pathProblems(root: string, doc: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const named = match[1]!.replace(/[.,:;]$/, '');
    if (!PATH_PREFIXES.some((prefix) => named.startsWith(prefix)) || NOT_ONE_PATH.test(named)) continue;
    if (BUILD_OUTPUTS.some((output) => named.startsWith(output))) continue;
    if (!existsSync(path.join(root, named))) problems.push({ doc, line: lineAt(text, match.index!), reference: named, why: 'no such file or folder' });
  }
  return problems;
}

/** Every reference of one doc (a path relative to `root`) that does not resolve. */
export function problemsOf(root: string, doc: string, text: string): Problem[] {
  const prose = withoutFences(text);
  return [...linkProblems(root, doc, prose), ...pathProblems(root, doc, prose)];
}
