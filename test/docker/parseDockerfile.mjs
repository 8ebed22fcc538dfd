/**
 * The Dockerfile's instructions, for test/docker/dockerfile.mjs: stages (FROM … AS name) and
 * their steps (WORKDIR, ENV, COPY with --from and --chown, RUN, USER, EXPOSE, HEALTHCHECK, CMD),
 * with line continuations joined and JSON (exec form) arguments read.
 */
function logicalLines(text) {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function splitFlags(words) {
  const flags = {};
  let i = 0;
  for (; i < words.length && words[i].startsWith('--'); i++) {
    const [name, value] = words[i].slice(2).split('=');
    flags[name] = value ?? true;
  }
  return { flags, rest: words.slice(i) };
}

const execForm = (text) => (text.startsWith('[') ? JSON.parse(text) : ['/bin/sh', '-c', text]);

function parseEnv(args) {
  const env = {};
  for (const match of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[match[1]] = match[2].replace(/^"|"$/g, '');
  return env;
}

function parseStep(op, args) {
  if (op === 'ENV') return { op, env: parseEnv(args) };
  if (op === 'COPY') {
    const { flags, rest } = splitFlags(args.split(/\s+/));
    return { op, flags, paths: rest };
  }
  if (op === 'CMD') return { op, command: execForm(args) };
  if (op === 'HEALTHCHECK') {
    const { flags, rest } = splitFlags(args.split(/\s+/));
    const text = rest.join(' ');
    if (!text.startsWith('CMD ')) throw new Error(`HEALTHCHECK needs CMD: ${args}`);
    return { op, flags, command: execForm(args.slice(args.indexOf('CMD ') + 4).trim()) };
  }
  return { op, args };
}

export function parseDockerfile(text) {
  const stages = [];
  for (const line of logicalLines(text)) {
    const [, op, args = ''] = /^(\w+)\s*(.*)$/.exec(line);
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [image, , name] = args.split(/\s+/);
      stages.push({ image, name: name ?? `stage${stages.length}`, steps: [] });
    } else if (stages.length === 0) throw new Error(`${upper} before FROM`);
    else stages.at(-1).steps.push(parseStep(upper, args));
  }
  return { stages };
}
