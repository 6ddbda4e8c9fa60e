/** The modules' name for platform/raw-rows.ts (platform code cannot import a module). */
export { rowsOf } from '../../platform/raw-rows';
