import { useSelector } from 'react-redux';
import { StudioView } from '@/features/studio/studio-view';
import type { RootState } from '../root-reducer';

/** /studio: the operators' page (docs/design/catalogue.md); the server decides who is one. */
export function StudioPage() {
  const selfId = useSelector((state: RootState) => state.auth.user?._id);
  return <StudioView selfId={selfId} />;
}
