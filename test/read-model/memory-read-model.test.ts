import { MemoryReadModel } from '../../backend/src/read-model/memory/memory-read-model';
import { describeReadModelContract } from '../contracts/read-model.contract';

describeReadModelContract('memory', async () => {
  const model = new MemoryReadModel();
  return { model, dispose: () => model.close() };
});
