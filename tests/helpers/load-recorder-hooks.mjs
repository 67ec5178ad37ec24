import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.LOAD_LOG) appendFileSync(process.env.LOAD_LOG, result.url + '\n');
  return result;
}
