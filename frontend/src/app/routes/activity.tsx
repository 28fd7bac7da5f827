import { ActivityView } from '@/features/activity/activity-view';

/** /activity: the timeline of the user's actions, undo and time travel. */
export const ActivityPage = () => <ActivityView />;
