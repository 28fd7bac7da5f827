/**
 * A task boundary inside the first screen's module evaluation. Evaluating the entry's modules is one task unless a
 * module awaits at its top level: then every module that imports it (and the rest of the entry) is evaluated in a
 * task of its own, after the browser has had its turn. lib/api.ts imports this first, so that the API's definition
 * (RTK Query's createApi and every endpoint, about half of that evaluation) and all that depends on it come in a
 * second task: two tasks of ~15 ms of CPU instead of one of ~27 ms on a 2-core host, which a phone 4 times slower
 * blocks input for ~10 ms each instead of ~60 (README, "Speed on a phone"; bench/RESULTS.md, "Page work and waiting").
 */
import { nextTask } from './when-idle';

await nextTask();
