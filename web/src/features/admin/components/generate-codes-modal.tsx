import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../lib/toast';

type GenerateCodesModalProps = { opened: boolean; houseName: string; onClose: () => void; onGenerate: (count: number) => void };

/** The spec's prompt (default 10, 1 to 100) as a dialog; cancelling does nothing. */
export function GenerateCodesModal({ opened, houseName, onClose, onGenerate }: GenerateCodesModalProps) {
  const [count, setCount] = useState<string | number>(10);

  const submit = () => {
    const value = typeof count === 'number' ? count : Number(count);
    if (!Number.isInteger(value) || value < 1 || value > 100) {
      toastError('Please enter a number between 1 and 100', 'Invalid Input');
      return;
    }
    onGenerate(value);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Generate Codes for ${houseName}`} centered>
      <Stack>
        <NumberInput label="How many access codes should be generated?" value={count} onChange={setCount} allowDecimal={false} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit}>Generate</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
