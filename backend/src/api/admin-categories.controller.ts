import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.guard';
import { OperatorOnly } from '../auth/operator.guard';
import { CatalogueService } from '../catalogue/catalogue.service';
import { CatalogueWrites, categoryNames } from '../commands/catalogue/catalogue-writes';
import type { UserProfile } from '../read-model/read-model.port';
import { CategoryBody, CategoryChangesBody } from './dto/admin-catalogue.dto';
import { ApiRoute, ApiUserRoute, OPERATOR_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { CategoryOnlyResponse } from './openapi/api-schemas';

/** The catalogue's categories for operators: each with a name, a slug and a title (docs/design/catalogue.md). */
@ApiTags('admin')
@ApiUserRoute()
@OperatorOnly()
@Controller('admin/categories')
export class AdminCategoriesController {
  constructor(
    private readonly writes: CatalogueWrites,
    private readonly catalogue: CatalogueService,
  ) {}

  @Post()
  @ApiRoute('Create a category', 201, CategoryOnlyResponse, [...OPERATOR_WRITE_ERRORS, 'CATEGORY_EXISTS', 'CATEGORY_NAME_AMBIGUOUS'])
  async create(@CurrentUser() user: UserProfile, @Body() { category }: CategoryBody) {
    const categoryId = await this.writes.createCategory(
      user._id,
      categoryNames(category.name, category.slug, category.title),
      category.description,
    );
    return { category: this.catalogue.category(categoryId) };
  }

  @Patch(':categoryId')
  @ApiRoute('Rename or describe a category', 200, CategoryOnlyResponse, [
    ...OPERATOR_WRITE_ERRORS,
    'CATEGORY_NOT_FOUND',
    'CATEGORY_EXISTS',
    'CATEGORY_NAME_AMBIGUOUS',
  ])
  async change(@CurrentUser() user: UserProfile, @Param('categoryId') categoryId: string, @Body() { category }: CategoryChangesBody) {
    const current = this.catalogue.category(categoryId);
    const renamed = category.name !== undefined || category.slug !== undefined || category.title !== undefined;
    const names = renamed
      ? categoryNames(
          category.name ?? current.categoryName,
          category.slug ?? (category.name === undefined ? current.slug : undefined),
          category.title ?? category.name ?? current.title,
        )
      : undefined;
    await this.writes.changeCategory(user._id, current._id, names, category.description);
    return { category: this.catalogue.category(current._id) };
  }

  @Delete(':categoryId')
  @ApiRoute('Remove a category that no video names, published or retired', 200, CategoryOnlyResponse, [
    ...OPERATOR_WRITE_ERRORS,
    'CATEGORY_NOT_FOUND',
    'CATEGORY_NOT_EMPTY',
  ])
  async remove(@CurrentUser() user: UserProfile, @Param('categoryId') categoryId: string) {
    const category = this.catalogue.category(categoryId);
    await this.writes.removeCategory(user._id, category._id);
    return { category };
  }
}
