import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '#components/ui/field';
import type { FieldBinding } from './admin-form';

/** The fields plans and loan plans share. */
type CatalogueField =
  'name' | 'category' | 'status' | 'description' | 'min_amount' | 'max_amount' | 'sort_order';

interface CatalogueFieldsProps {
  /** useAdminForm's `field` of the plan's form. */
  field: (name: CatalogueField) => FieldBinding;
  categories: readonly string[];
  /** The catalogue's rate fields: the first cells of the numbers' grid. */
  rates: ReactNode;
  /** The catalogue's duration (plans) or term (loan plans): the grid's cell before the sort order. */
  duration: ReactNode;
}

/**
 * A catalogue plan's fields in their order: name, category and status, description, then the numbers
 * (the catalogue's rates, minimum and maximum amounts, its duration, sort order).
 */
export function CatalogueFields({ field, categories, rates, duration }: CatalogueFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('admin.content.plans.name')} {...field('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label={t('admin.content.plans.category')} {...field('category')}>
          {categories.map((category) => (
            <option key={category} value={category}>
              {t(`admin.content.categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin.content.status')} {...field('status')}>
          <option value="active">{t('admin.content.active')}</option>
          <option value="inactive">{t('admin.content.inactive')}</option>
        </SelectField>
      </div>
      <TextareaField
        label={t('admin.content.plans.description')}
        aside={t('common.optional')}
        {...field('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {rates}
        <TextField label={t('admin.content.plans.minAmount')} inputMode="decimal" {...field('min_amount')} />
        <TextField label={t('admin.content.plans.maxAmount')} inputMode="decimal" {...field('max_amount')} />
        {duration}
        <TextField label={t('admin.content.sortOrder')} inputMode="numeric" {...field('sort_order')} />
      </div>
    </>
  );
}
