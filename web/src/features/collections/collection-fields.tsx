import { COLLECTION_DESCRIPTION_MAX_LENGTH, COLLECTION_NAME_MAX_LENGTH } from '#common/contracts/collections.ts';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface CollectionFieldsProps {
  ids: { name: string; description: string; error: string };
  name: string;
  onNameChange: (name: string) => void;
  description: string;
  onDescriptionChange: (description: string) => void;
  /** The form's error message, shown by the form under the id `ids.error`; the name field points to it. */
  error: string | null;
  namePlaceholder?: string;
  descriptionLabel: string;
}

/** A collection's name and description, as the new-collection form and a collection's own page edit them. */
export function CollectionFields({ ids, name, onNameChange, description, onDescriptionChange, error, namePlaceholder, descriptionLabel }: CollectionFieldsProps) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          value={name}
          maxLength={COLLECTION_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder={namePlaceholder}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => onNameChange(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.description}>{descriptionLabel}</Label>
        <Textarea id={ids.description} value={description} maxLength={COLLECTION_DESCRIPTION_MAX_LENGTH} className="min-h-16" onChange={(event) => onDescriptionChange(event.target.value)} />
      </div>
    </>
  );
}
