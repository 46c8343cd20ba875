// A web/saving/storage.js over in-memory areas, for the unit tests: `items` are localStorage's starting
// contents; `problems` collects what the loaders set aside.
import { createStorage, memoryArea } from "../../../web/saving/storage.js";

export function memoryStorage(items = {}) {
  const local = memoryArea();
  for (const [k, v] of Object.entries(items)) local.setItem(k, v);
  const problems = [];
  const storage = createStorage({ local, session: memoryArea(), onProblem: (p) => problems.push(p) });
  return { local, storage, problems };
}
