import { useState, type FormEvent } from 'react';
import type { Category } from '@/lib/types';
import { notify } from '@/lib/notify';
import { useAddCategoryMutation, useDeleteCategoryMutation, useEditCategoryMutation } from './studio-api';

/** Rename in place: the name's field and Save, or the name and its buttons. */
function CategoryRow({ category }: { category: Category }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState<string>(category.categoryName);
  const [edit] = useEditCategoryMutation();
  const [remove] = useDeleteCategoryMutation();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await edit({ categoryId: category._id, category: { name: name.trim() } });
    if (!error) setRenaming(false);
  };

  return (
    <li className="studio__category">
      {renaming ? (
        <form className="studio__inline-form" onSubmit={(event) => void save(event)}>
          <input
            className="studio-field__input"
            aria-label={`New name for ${category.categoryName}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={60}
          />
          <button type="submit" className="btn btn--primary">
            Save
          </button>
          <button type="button" className="btn btn--outline" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <span className="studio__category-name">
            {category.categoryName} <span className="studio__muted">{category.slug}</span>
          </span>
          <button
            type="button"
            className="btn btn--outline"
            aria-label={`Rename ${category.categoryName}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
          <button
            type="button"
            className="btn btn--outline"
            aria-label={`Delete ${category.categoryName}`}
            // The server refuses while a video names it, a retired one too (409, said in the toast).
            onClick={() =>
              void remove(category._id).then(({ error }) => !error && notify.success(`Category deleted: ${category.categoryName}`))
            }
          >
            Delete
          </button>
        </>
      )}
    </li>
  );
}

/**
 * The categories: create, rename, delete when empty (docs/design/catalogue.md). The fields' lengths are the server's
 * (a name at most 60 characters, a description 1 000); its other text rules come back as the 400's message.
 */
export function CategoriesPanel({ categories }: { categories: Category[] }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [add, { isLoading }] = useAddCategoryMutation();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await add({ name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) });
    if (error) return;
    notify.success(`Category created: ${name.trim()}`);
    setName('');
    setDescription('');
  };

  return (
    <section className="studio__section" aria-labelledby="studio-categories">
      <h2 id="studio-categories">Categories</h2>
      <ul className="studio__categories">
        {categories.map((category) => (
          <CategoryRow key={category._id} category={category} />
        ))}
      </ul>
      <form className="studio__inline-form" onSubmit={(event) => void create(event)}>
        <label className="studio-field">
          <span className="studio-field__label">New category</span>
          <input className="studio-field__input" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
        </label>
        <label className="studio-field">
          <span className="studio-field__label">Description</span>
          <input className="studio-field__input" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Create
        </button>
      </form>
    </section>
  );
}
