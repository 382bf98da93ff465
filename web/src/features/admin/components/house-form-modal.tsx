import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { houseInputSchema } from '@contract/houses';
import type { House, HouseInput } from '../api/houses';

type HouseFormModalProps = { opened: boolean; house: House | null; pending: boolean; onClose: () => void; onSubmit: (values: HouseInput) => void };
type Errors = { name?: string; chatUrl?: string };

export function HouseFormModal({ opened, house, pending, onClose, onSubmit }: HouseFormModalProps) {
  const [name, setName] = useState(house?.name ?? '');
  const [chatUrl, setChatUrl] = useState(house?.chatUrl ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = houseInputSchema.safeParse({ name, chatUrl });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'chatUrl') && !next[field]) next[field] = issue.message;
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
