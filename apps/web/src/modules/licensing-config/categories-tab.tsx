import { ceCycleRule, type SupersedeRule, supersedeRuleLabels, supersedeRules } from '@licensure/contracts';
import { Button, Fieldset, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { moveAt, patchAt, RowButtons, useEditor, useField } from './editor-context';
import { type CategoryDraft, type ExpirationRule, type LevelDraft, newKey } from './license-draft';

const expirationRules: { value: ExpirationRule; label: string }[] = [
  { value: 'exact', label: 'On the same day' },
  { value: 'end_of_month', label: 'At the end of that month' },
  { value: 'end_of_year', label: 'At the end of that year' },
];

/** What a category is called in labels: its name, or its place while it has none. */
export const categoryName = (c: CategoryDraft | undefined, index: number) =>
  c?.label.trim() || `Category ${index + 1}`;

/** Categories of the licence, each with its levels. */
export function CategoriesTab() {
  const { draft, change, canWrite, confirm } = useEditor();
  const addCategory = () => {
    const id = newKey();
    change((d) => ({
      ...d,
      categories: [
        ...d.categories,
        { key: id, id, stored: {}, label: '', allow_multiple_levels: false, supersedes: 'none' },
      ],
    }));
    setTimeout(() =>
      document.getElementById(`lc-license_categories-${draft.categories.length}-label`)?.focus(),
    );
  };
  const removeCategory = (index: number) => {
    const category = draft.categories[index];
    if (!category) return;
    const levels = draft.levels.filter((l) => l.license_category_id === category.id).length;
    confirm({
      title: 'Remove this category?',
      message: `“${categoryName(category, index)}” ${levels ? `and its ${levels} ${levels === 1 ? 'level' : 'levels'} ` : ''}will be removed when you save the licence.`,
      confirmLabel: 'Remove category',
      onConfirm: () =>
        change((d) => ({
          ...d,
          categories: d.categories.filter((_, i) => i !== index),
          levels: d.levels.filter((l) => l.license_category_id !== category.id),
          credentialStatuses: d.credentialStatuses.map((s) =>
            s.license_category_id === category.id ? { ...s, license_category_id: '' } : s,
          ),
          attributes: d.attributes.map((a) =>
            a.license_category_id === category.id ? { ...a, license_category_id: '' } : a,
          ),
        })),
    });
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        A licence has categories (such as “Clinical”), and each category has levels an applicant applies for
        (such as “EMT” and “Paramedic”). Changes are kept when you save the licence.
      </Text>
      <Text size="sm">Levels are ordered as listed: a later level is a higher one. {ceCycleRule}</Text>
      {draft.categories.length === 0 ? <Text>This licence has no categories yet.</Text> : null}
      {draft.categories.map((category, index) => (
        <CategoryEditor
          key={category.key}
          category={category}
          index={index}
          count={draft.categories.length}
          onRemove={() => removeCategory(index)}
        />
      ))}
      {canWrite ? (
        <Group>
          <Button variant="default" onClick={addCategory}>
            Add category
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function CategoryEditor({
  category,
  index,
  count,
  onRemove,
}: {
  category: CategoryDraft;
  index: number;
  count: number;
  onRemove(): void;
}) {
  const { draft, change, canWrite, confirm } = useEditor();
  const label = useField(`license_categories.${index}.label`);
  const name = categoryName(category, index);
  const levels = draft.levels
    .map((level, flatIndex) => ({ level, flatIndex }))
    .filter(({ level }) => level.license_category_id === category.id);
  const setCategory = (patch: Partial<CategoryDraft>) =>
    change((d) => ({ ...d, categories: patchAt(d.categories, index, patch) }));
  const addLevel = () => {
    change((d) => ({
      ...d,
      levels: [
        ...d.levels,
        {
          key: newKey(),
          stored: {},
          license_category_id: category.id,
          label: '',
          months_valid: '24',
          expiration_rule: 'end_of_month',
        },
      ],
    }));
    setTimeout(() =>
      document.getElementById(`lc-license_category_levels-${draft.levels.length}-label`)?.focus(),
    );
  };
  /** Moves a level before or after its neighbour in the same category. */
  const moveLevel = (position: number, by: -1 | 1) => {
    const from = levels[position]?.flatIndex;
    const to = levels[position + by]?.flatIndex;
    if (from === undefined || to === undefined) return;
    change((d) => {
      const next = [...d.levels];
      const a = next[from];
      const b = next[to];
      if (!a || !b) return d;
      next[from] = b;
      next[to] = a;
      return { ...d, levels: next };
    });
  };
  const removeLevel = (flatIndex: number, levelName: string) =>
    confirm({
      title: 'Remove this level?',
      message: `“${levelName}” will be removed when you save the licence.`,
      confirmLabel: 'Remove level',
      onConfirm: () => change((d) => ({ ...d, levels: d.levels.filter((_, i) => i !== flatIndex) })),
    });

  return (
    <Fieldset legend={`Category ${index + 1}: ${name}`}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            {...label}
            label={`Category ${index + 1} name`}
            required
            value={category.label}
            disabled={!canWrite}
            onChange={(e) => setCategory({ label: e.currentTarget.value })}
            w={320}
          />
          <Switch
            label="A holder may hold several levels"
            checked={category.allow_multiple_levels}
            disabled={!canWrite}
            onChange={(e) => setCategory({ allow_multiple_levels: e.currentTarget.checked })}
            mb={8}
          />
          <NativeSelect
            label="A credential issued or extended supersedes"
            description="Those credentials of the holder become inactive; the approval lists them first"
            value={category.supersedes}
            disabled={!canWrite}
            onChange={(e) => setCategory({ supersedes: e.currentTarget.value as SupersedeRule })}
            data={supersedeRules.map((r) => ({ value: r, label: supersedeRuleLabels[r] }))}
            w={380}
          />
          {canWrite ? (
            <RowButtons
              name={`category ${index + 1}`}
              first={index === 0}
              last={index === count - 1}
              onMove={(by) => change((d) => ({ ...d, categories: moveAt(d.categories, index, by) }))}
              onRemove={onRemove}
            />
          ) : null}
        </Group>
        {levels.length === 0 ? <Text size="sm">No levels yet.</Text> : null}
        {levels.map(({ level, flatIndex }, position) => (
          <LevelEditor
            key={level.key}
            level={level}
            flatIndex={flatIndex}
            name={`${name} level ${position + 1}`}
            first={position === 0}
            last={position === levels.length - 1}
            onMove={(by) => moveLevel(position, by)}
            onRemove={() => removeLevel(flatIndex, level.label || `${name} level ${position + 1}`)}
          />
        ))}
        {canWrite ? (
          <Group>
            <Button variant="subtle" onClick={addLevel}>
              Add level to {name}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

function LevelEditor(props: {
  level: LevelDraft;
  flatIndex: number;
  name: string;
  first: boolean;
  last: boolean;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { level, flatIndex, name } = props;
  const { change, canWrite } = useEditor();
  const at = `license_category_levels.${flatIndex}`;
  const label = useField(`${at}.label`);
  const months = useField(`${at}.months_valid`);
  const rule = useField(`${at}.expiration_rule`);
  const category = useField(`${at}.license_category_id`);
  const set = (patch: Partial<LevelDraft>) =>
    change((d) => ({ ...d, levels: patchAt(d.levels, flatIndex, patch) }));
  return (
    <Group align="flex-start" gap="sm" wrap="wrap" pl="md">
      <TextInput
        {...label}
        error={label.error ?? category.error}
        label={`${name} name`}
        required
        value={level.label}
        disabled={!canWrite}
        onChange={(e) => set({ label: e.currentTarget.value })}
        w={260}
      />
      <TextInput
        {...months}
        label={`${name} months valid`}
        required
        inputMode="numeric"
        value={level.months_valid}
        disabled={!canWrite}
        onChange={(e) => set({ months_valid: e.currentTarget.value })}
        w={180}
      />
      <NativeSelect
        {...rule}
        label={`${name} expires`}
        value={level.expiration_rule}
        data={expirationRules}
        disabled={!canWrite}
        onChange={(e) => set({ expiration_rule: e.currentTarget.value as ExpirationRule })}
        w={240}
      />
      {canWrite ? (
        <div style={{ alignSelf: 'flex-end', paddingBottom: 4 }}>
          <RowButtons
            name={name}
            first={props.first}
            last={props.last}
            onMove={props.onMove}
            onRemove={props.onRemove}
          />
        </div>
      ) : null}
    </Group>
  );
}
