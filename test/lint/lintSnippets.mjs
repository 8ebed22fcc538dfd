// Lints in-memory files with the project's ESLint config: reads [{filePath, code}] as JSON on
// stdin, prints [{filePath, messages: [{ruleId, message}]}] as JSON. Used by boundaries.test.ts.
import { ESLint } from 'eslint';

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
const results = [];
for (const { filePath, code } of input) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push({ filePath, messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })) });
}
process.stdout.write(JSON.stringify(results));
