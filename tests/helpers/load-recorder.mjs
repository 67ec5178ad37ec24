// `node --import ./load-recorder.mjs`: appends every module URL the process resolves to
// $LOAD_LOG, so a test can see what a server start loads.
import { register } from 'node:module';
register('./load-recorder-hooks.mjs', import.meta.url);
