import { Button, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { PrintSheet, printClasses } from './print-sheet';
import classes from './admin-table.module.css';
import festival from './festival.module.css';

type GeneratedCodesModalProps = { houseName: string; codes: string[]; onClose: () => void };

// Where a guest types the code (the access page's route).
const ACCESS_PATH = '/enthuelle-dein-wappen';

/** The codes of one generation at once: to read, copy all, or print as a hand-out sheet, one card per guest. */
export function GeneratedCodesModal({ houseName, codes, onClose }: GeneratedCodesModalProps) {
  const accessUrl = `${window.location.origin}${ACCESS_PATH}`;
  return (
    <Modal opened onClose={onClose} centered size="lg" title={`New codes for ${houseName}`}>
      <Stack>
        <Text size="sm">
          {codes.length === 1 ? '1 new access code' : `${codes.length} new access codes`} for {houseName}. They are also in the access codes list.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="ul" aria-label="Generated codes" className={festival.codeList}>
          {codes.map((code) => (
            <Text component="li" key={code} className={classes.code}>
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} color={copied ? 'green' : undefined}>
                {copied ? 'Copied' : 'Copy all'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => window.print()}>Print hand-out sheet</Button>
        </Group>
      </Stack>
      <PrintSheet>
        <div className={printClasses.cards}>
          {codes.map((code) => (
            <div key={code} className={printClasses.card}>
              <div>Haus {houseName}</div>
              <div className={printClasses.code}>{code}</div>
              <div>Dein persönlicher Code · {accessUrl}</div>
            </div>
          ))}
        </div>
      </PrintSheet>
    </Modal>
  );
}
