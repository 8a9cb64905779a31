/** Deterministic PRNG for tests: uniform numbers in [0, 1) from a fixed seed (the engine's mulberry32, app/math). */
export { mulberry32 as random } from '../../app/math/index.ts';
