import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { SelectField, TextField } from '#components/ui/field';

interface ListFiltersProps {
  searchLabel: string;
  /** The list state of useUrlListState with a `q` filter (and the choice's filter). */
  list: { filters: Record<string, string>; setFilters(next: Record<string, string>): void };
  /** One select filter (status, visibility, order), written to the URL on change. */
  choice?: { name: string; label: string; options: { value: string; label: string }[]; allLabel?: string };
}

/** A search box (applied on submit) and a select, both kept in the URL by the list's state. */
export function ListFilters({ searchLabel, list, choice }: ListFiltersProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(list.filters.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({ q: text });
  };
  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label={searchLabel}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <TextField
        label={searchLabel}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        containerClassName="w-full sm:w-72"
      />
      {choice && (
        <SelectField
          label={choice.label}
          value={list.filters[choice.name] ?? ''}
          onChange={(event) => list.setFilters({ [choice.name]: event.target.value })}
          containerClassName="w-full sm:w-48"
        >
          <option value="">{choice.allLabel ?? t('admin.content.all')}</option>
          {choice.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      )}
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden="true" />
        {t('admin.content.search')}
      </Button>
    </form>
  );
}
