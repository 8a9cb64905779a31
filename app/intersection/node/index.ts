export { nodeCheckPool, DEFAULT_CHECK_WORKERS } from './nodeCheckPool.ts';
