import { useDraggable } from '@dnd-kit/core';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { PaletteItem } from '../question-kinds';
import { paletteDragId } from './drop-target';

function PaletteButton({ item, onAdd }: { item: PaletteItem; onAdd(item: PaletteItem): void }) {
  const draggable = useDraggable({
    id: paletteDragId(item.kind),
    data: { type: 'palette', kind: item.kind, label: item.label },
  });
  return (
    <Button
      ref={draggable.setNodeRef}
      className="fb-palette-item"
      variant="default"
      justify="flex-start"
      fullWidth
      h="auto"
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      // Only the pointer drags from the palette: for the keyboard, Enter and Space press the button.
      onPointerDown={(event) => draggable.listeners?.onPointerDown?.(event)}
      onClick={() => onAdd(item)}
    >
      Add {item.label}
    </Button>
  );
}

interface PaletteProps {
  items: readonly PaletteItem[];
  loading: boolean;
  /** The group the buttons add to, in words; null when the page has no group yet. */
  targetName: string | null;
  onAdd(item: PaletteItem): void;
}

/** The question types: drag one onto a group, or press it to add the question to the chosen group. */
export function Palette({ items, loading, targetName, onAdd }: PaletteProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="fb-palette-heading" className="fb-sticky">
      <Title order={2} size="h4" id="fb-palette-heading">
        Question types
      </Title>
      <Text size="sm" c="dimmed">
        {targetName
          ? `Drag a type onto a group, or press it to add the question to ${targetName}.`
          : 'Drag a type onto a group, or press it to add the question in a new group.'}
      </Text>
      {loading ? <Loader size="sm" aria-label="Loading question types" /> : null}
      {items.map((item) => (
        <PaletteButton key={item.kind} item={item} onAdd={onAdd} />
      ))}
    </Stack>
  );
}
