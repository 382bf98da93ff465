import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Button, ColorInput, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { houseInputSchema } from '@contract/houses';
import { useHouseEmblems, type House, type HouseEmblem, type HouseInput } from '../api/houses';
import classes from './festival.module.css';

type HouseFormModalProps = { opened: boolean; house: House | null; pending: boolean; onClose: () => void; onSubmit: (values: HouseInput) => void };
type Field = 'name' | 'chatUrl' | 'colour' | 'emblem';
type Errors = Partial<Record<Field, string>>;

const NO_EMBLEM = 'none';

// The seeded houses' colours: a quick choice that fits the site's dark, warm look.
const SWATCHES = ['#8E3B2E', '#2F5D50', '#9A7420', '#3A5F8C', '#6B3F7A', '#4A4A4A'];

function EmblemThumbnail({ emblem }: { emblem: HouseEmblem | undefined }) {
  return emblem ? <img className={classes.emblem} src={emblem.thumbnailUrl} alt="" /> : null;
}

export function HouseFormModal({ opened, house, pending, onClose, onSubmit }: HouseFormModalProps) {
  const emblems = useHouseEmblems();
  const [name, setName] = useState(house?.name ?? '');
  const [chatUrl, setChatUrl] = useState(house?.chatUrl ?? '');
  const [colour, setColour] = useState(house?.colour ?? '');
  // The house answers its emblem's URL; the picker's choice is the image's id.
  const [emblemChoice, setEmblemChoice] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const emblemList = emblems.data ?? [];
  const currentEmblem = house?.emblem ? emblemList.find((emblem) => emblem.url === house.emblem) : undefined;
  const emblemValue = emblemChoice ?? (currentEmblem ? String(currentEmblem.id) : NO_EMBLEM);
  const chosenEmblem = emblemList.find((emblem) => String(emblem.id) === emblemValue);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An emblem the list does not offer (yet) stays as it is: only a choice made here is sent.
    const emblem = emblemChoice === null ? undefined : emblemChoice === NO_EMBLEM ? null : Number(emblemChoice);
    const parsed = houseInputSchema.safeParse({ name, chatUrl, colour, ...(emblem === undefined ? {} : { emblem }) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (['name', 'chatUrl', 'colour', 'emblem'].includes(field) && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={house ? 'Edit House' : 'Add House'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} />
          <TextInput label="Chat URL" placeholder="https://" value={chatUrl} onChange={(event) => setChatUrl(event.currentTarget.value)} error={errors.chatUrl} />
          <Group align="flex-end" wrap="nowrap">
            <Select
              label="Emblem"
              description="Shown on the access page"
              data={[{ value: NO_EMBLEM, label: 'No emblem' }, ...emblemList.map((emblem) => ({ value: String(emblem.id), label: emblem.name }))]}
              value={emblemValue}
              onChange={(value) => setEmblemChoice(value ?? NO_EMBLEM)}
              allowDeselect={false}
              searchable
              renderOption={({ option }) => (
                <Group gap="xs" wrap="nowrap">
                  <EmblemThumbnail emblem={emblemList.find((emblem) => String(emblem.id) === option.value)} />
                  <span>{option.label}</span>
                </Group>
              )}
              error={errors.emblem}
              flex={1}
            />
            {chosenEmblem && <img className={classes.emblemPreview} src={chosenEmblem.thumbnailUrl} alt={`Chosen emblem: ${chosenEmblem.name}`} />}
          </Group>
          <ColorInput
            label="Colour"
            description="The house's colour on the access page, e.g. #8E3B2E"
            placeholder="#8E3B2E"
            format="hex"
            swatches={SWATCHES}
            value={colour}
            onChange={setColour}
            error={errors.colour}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {house ? 'Update House' : 'Create House'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
