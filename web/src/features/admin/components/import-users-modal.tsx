import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CSV_MESSAGES } from '@contract/users';

type ImportUsersModalProps = { opened: boolean; pending: boolean; onClose: () => void; onImport: (csv: string) => void };

const EXAMPLE = 'username,password,houseId,isAdmin\njohn,secret123,1,false\njane,secret456,,true';

export function ImportUsersModal({ opened, pending, onClose, onImport }: ImportUsersModalProps) {
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    if (csv.trim() === '') {
      setError(CSV_MESSAGES.empty);
      return;
    }
    setError(undefined);
    onImport(csv);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import Users from CSV" centered size="lg">
      <Stack>
        <Text size="sm">
          The first line contains the headers. Required columns: username, password, houseId, isAdmin.
        </Text>
        <Textarea
          label="CSV content"
          placeholder={EXAMPLE}
          rows={6}
          value={csv}
          onChange={(event) => setCsv(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={pending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
