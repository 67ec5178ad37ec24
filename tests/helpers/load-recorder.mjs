// `node --import ./load-recorder.mjs`: appends every module the process loads to $LOAD_LOG, so a
// test can see what a server start loads: ES modules by URL (a resolve hook), and CommonJS
// require()s by path (dist/serve.cjs, the server start, loads its externals with require(),
// which Node 20's module hooks do not see).
import Module, { register } from 'node:module';
import { appendFileSync } from 'node:fs';

register('./load-recorder-hooks.mjs', import.meta.url);

const load = Module._load;
Module._load = function recordedLoad(request, parent, isMain) {
  if (process.env.LOAD_LOG) {
    let resolved = request;
    try {
      resolved = Module._resolveFilename(request, parent, isMain);
    } catch {
      // not resolvable: the load below throws as it would have
    }
    appendFileSync(process.env.LOAD_LOG, resolved + '\n');
  }
  return load.apply(this, arguments);
};
