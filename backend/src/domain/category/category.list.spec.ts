import { given } from '../given-when-then.spec-helper';
import { categoryList } from './category.list';

const names = { name: 'Television', slug: 'television', title: 'Televisions' };
const created = { type: 'CategoryCreated', data: { userId: 'op', categoryId: 'c1', ...names } };

describe('category decider', () => {
  test('created once; renamed and described only when something changes', () => {
    given(categoryList, []).when({ type: 'CreateCategory', userId: 'op', categoryId: 'c1', names }).then([created]);
    given(categoryList, [created]).when({ type: 'CreateCategory', userId: 'op', categoryId: 'c1', names }).thenFails('CATEGORY_EXISTS');
    given(categoryList, [created]).when({ type: 'RenameCategory', userId: 'op', categoryId: 'c1', names }).then([]);
    given(categoryList, [created])
      .when({ type: 'RenameCategory', userId: 'op', categoryId: 'c1', names: { ...names, title: 'TVs' } })
      .then([{ type: 'CategoryRenamed', data: { userId: 'op', categoryId: 'c1', ...names, title: 'TVs' } }]);
    given(categoryList, [created])
      .when({ type: 'DescribeCategory', userId: 'op', categoryId: 'c1', description: 'Big screens' })
      .then([{ type: 'CategoryDescribed', data: { userId: 'op', categoryId: 'c1', description: 'Big screens' } }]);
  });

  test('a removed or unknown category cannot be changed', () => {
    const removed = { type: 'CategoryRemoved', data: { userId: 'op', categoryId: 'c1' } };
    given(categoryList, [created]).when({ type: 'RemoveCategory', userId: 'op', categoryId: 'c1' }).then([removed]);
    given(categoryList, [created, removed])
      .when({ type: 'RenameCategory', userId: 'op', categoryId: 'c1', names })
      .thenFails('CATEGORY_NOT_FOUND');
    given(categoryList, []).when({ type: 'RemoveCategory', userId: 'op', categoryId: 'c1' }).thenFails('CATEGORY_NOT_FOUND');
  });
});
