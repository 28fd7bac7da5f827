import { useDocumentTitle } from '@/lib/document-title';
import { CategoriesPanel } from './categories-panel';
import { ImportPanel } from './import-panel';
import { OperatorsPanel } from './operators-panel';
import { useGetOperatorsQuery, useGetStudioCategoriesQuery } from './studio-api';
import { VideosTable } from './videos-table';
import './studio.css';

const isForbidden = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 403;

/**
 * /studio: the catalogue's operators run it here (docs/design/catalogue.md, "Operator API"): the videos,
 * adding, editing, retiring and restoring them, importing a file of them, the categories and the operators.
 */
export function StudioView({ selfId }: { selfId: string | undefined }) {
  useDocumentTitle('Studio');
  const operators = useGetOperatorsQuery();
  const { data: categories = [] } = useGetStudioCategoriesQuery();

  if (isForbidden(operators.error)) {
    return (
      <main className="studio">
        <h1 className="studio__title">Studio</h1>
        <p>The studio is for the catalogue&apos;s operators. Ask one of them to add you.</p>
      </main>
    );
  }
  return (
    <main className="studio">
      <h1 className="studio__title">Studio</h1>
      <VideosTable categories={categories} />
      <ImportPanel />
      <CategoriesPanel categories={categories} />
      <OperatorsPanel selfId={selfId} />
    </main>
  );
}
