import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../lib/toast';

type GenerateCodesModalProps = { opened: boolean; houseName: string; onClose: () => void; onGenerate: (count: number) => void };

const MIN_CODES = 1;
const MAX_CODES = 100;
const OUT_OF_RANGE = `Please enter a number between ${MIN_CODES} and ${MAX_CODES}`;

/**
 * The spec's prompt (default 10, 1 to 100) as a dialog; cancelling does nothing. The range is
 * shown at the field, and a number outside it marks the field as well as raising the spec's toast.
 */
export function GenerateCodesModal({ opened, houseName, onClose, onGenerate }: GenerateCodesModalProps) {
  const [count, setCount] = useState<string | number>(10);
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const value = typeof count === 'number' ? count : Number(count);
    if (!Number.isInteger(value) || value < MIN_CODES || value > MAX_CODES) {
      setError(OUT_OF_RANGE);
      toastError(OUT_OF_RANGE, 'Invalid Input');
      return;
    }
    onGenerate(value);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Generate Codes for ${houseName}`} centered>
      <Stack>
        <NumberInput
          label="How many access codes should be generated?"
          description={`From ${MIN_CODES} to ${MAX_CODES} codes at a time`}
          value={count}
          onChange={(value) => {
            setCount(value);
            setError(undefined);
          }}
          allowDecimal={false}
          allowNegative={false}
          min={MIN_CODES}
          max={MAX_CODES}
          // Kept as typed: a silently lowered 300 would hide the limit the field names.
          clampBehavior="none"
          error={error}
        />
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
