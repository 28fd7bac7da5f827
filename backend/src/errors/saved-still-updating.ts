/** What a client reads in a 202: the write is stored, and the lists will show it shortly. */
const SAVED_STILL_UPDATING_MESSAGE = 'Saved. Your lists are still updating: read them again in a moment.';

/**
 * A write whose event is committed but whose answer cannot be made (the read model is lagging or
 * cannot be read). It must not look like a failure a client would retry: the filter answers 202
 * `{ saved: true, message, position }`, position being the committed event's, as a string.
 */
export class SavedStillUpdating extends Error {
  constructor(
    readonly position: bigint,
    options?: { cause?: unknown },
  ) {
    super(SAVED_STILL_UPDATING_MESSAGE, options);
  }

  body(): { saved: true; message: string; position: string } {
    return { saved: true, message: SAVED_STILL_UPDATING_MESSAGE, position: this.position.toString() };
  }
}
