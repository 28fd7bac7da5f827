// The first `count` documents of a set in an order, without sorting the whole set: a heap of the best
// `count` seen so far, its worst at the root, so each further document costs one comparison when it does
// not belong and log(count) when it does.
export function firstInOrder(docs: readonly number[], count: number, compare: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i], heap[j]) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const siftDown = (from: number) => {
    for (let i = from; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && worse(left, worst)) worst = left;
      if (right < heap.length && worse(right, worst)) worst = right;
      if (worst === i) return;
      swap(i, worst);
      i = worst;
    }
  };
  for (const doc of docs) {
    if (heap.length < count) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (count > 0 && compare(doc, heap[0]) < 0) {
      heap[0] = doc;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}
