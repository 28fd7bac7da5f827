import { ReadModel } from '../../backend/src/read-model/read-model.port';
import { OpenModel } from './read-model-fixtures';
import { describeActivityContract } from './read-model-activity.contract';
import { describeListsContract } from './read-model-lists.contract';
import { describePlaylistsContract } from './read-model-playlists.contract';
import { describeProfilesContract } from './read-model-profiles.contract';
import { describeProjectionTargetContract } from './read-model-projection.contract';
import { describeSharingContract } from './read-model-sharing.contract';

/**
 * What every ReadModel adapter must do, one suite per part of the port; each adapter's test file runs
 * them all against a fresh model per test.
 */
export function describeReadModelContract(name: string, open: OpenModel<ReadModel>): void {
  describe(`ReadModel contract: ${name}`, () => {
    describeProjectionTargetContract(open);
    describeProfilesContract(open);
    describeListsContract(open);
    describePlaylistsContract(open);
    describeActivityContract(open);
    describeSharingContract(open);
  });
}
