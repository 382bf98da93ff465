import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useRef, useState } from 'react';
import { CSV_IMPORT_LIMITS, CSV_MESSAGES, type ImportResults } from '@contract/users';
import { FILE_MESSAGES, MAX_FILE_BYTES, readCsvFile, saveUsersTemplate } from '../lib/users-csv';
import { ImportResultsView } from './import-results';

type ImportUsersModalProps = {
  opened: boolean;
  pending: boolean;
  /** The answer to the last import: shown until the organiser closes the dialog or imports again. */
  results: ImportResults | undefined;
  /** The server's reason for refusing the whole file (a header without data rows), shown at the field. */
  refusal?: string;
  /** A house for the template's example row. */
  exampleHouse: string;
  onClose: () => void;
  onImport: (csv: string) => void;
  onImportAgain: () => void;
};

const EXAMPLE = 'username,password,houseId,isAdmin\njohn,secret123,1,false\njane,secret456,,true';

const CSV_FILE_TYPES = { 'text/csv': ['.csv'], 'text/plain': ['.csv', '.txt'], 'application/vnd.ms-excel': ['.csv'] };

function rejectionMessage([rejection]: FileRejection[]): string {
  const code = rejection?.errors[0]?.code;
  if (code === 'file-too-large') return FILE_MESSAGES.tooLarge;
  if (code === 'too-many-files') return FILE_MESSAGES.oneFile;
  return FILE_MESSAGES.notCsv;
}

export function ImportUsersModal({ opened, pending, results, refusal, exampleHouse, onClose, onImport, onImportAgain }: ImportUsersModalProps) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const openFilePicker = useRef<() => void>(null);

  const takeFile = async ([file]: File[]) => {
    if (!file) return;
    const text = await readCsvFile(file).catch(() => null);
    if (text === null) return setError(FILE_MESSAGES.unreadable);
    if (text.length > CSV_IMPORT_LIMITS.maxChars) return setError(FILE_MESSAGES.tooLarge);
    setCsv(text);
    setFileName(file.name);
    setError(undefined);
  };

  const submit = () => {
    if (csv.trim() === '') {
      setError(CSV_MESSAGES.empty);
      return;
    }
    setError(undefined);
    onImport(csv);
  };

  const startAgain = () => {
    setCsv('');
    setFileName(undefined);
    onImportAgain();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import Users from CSV" centered size="xl">
      {results ? (
        <ImportResultsView results={results} onImportAgain={startAgain} onClose={onClose} />
      ) : (
        <Stack>
          <Text size="sm">
            The first line contains the headers. Required columns: username, password, houseId, isAdmin. The house may also be
            given by name in a column house, as the export writes it; separators may be commas or semicolons.
          </Text>
          <Text size="sm">
            A new username creates a user and needs a password. A username that exists updates that user&apos;s house and admin
            rights and keeps the password, so leave the password empty (an export holds no passwords); a password for an
            existing username is refused. An import never deletes: a user missing from the file stays as they are.
          </Text>
          <Group>
            <Button variant="default" size="xs" onClick={() => saveUsersTemplate(exampleHouse)}>
              Download template
            </Button>
          </Group>
          {/* The area takes a dropped file; its button opens the file picker, by mouse or keyboard. */}
          <Dropzone
            onDrop={(files) => void takeFile(files)}
            onReject={(rejections) => setError(rejectionMessage(rejections))}
            accept={CSV_FILE_TYPES}
            maxSize={MAX_FILE_BYTES}
            multiple={false}
            openRef={openFilePicker}
            activateOnClick={false}
            activateOnKeyboard={false}
            enablePointerEvents
            inputProps={{ 'aria-label': 'CSV file' }}
          >
            <Stack align="center" gap="xs">
              <Text ta="center">{fileName ? `${fileName} is loaded below` : 'Drop a CSV file here'}</Text>
              <Button variant="default" size="xs" onClick={() => openFilePicker.current?.()}>
                Choose a CSV file
              </Button>
            </Stack>
          </Dropzone>
          <Textarea
            label="CSV content"
            description="Or paste the rows here"
            placeholder={EXAMPLE}
            rows={6}
            value={csv}
            onChange={(event) => setCsv(event.currentTarget.value)}
            error={error ?? refusal}
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
      )}
    </Modal>
  );
}
