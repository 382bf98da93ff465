import { Button, CopyButton, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openCodesQueryOptions } from '../api/access-codes';
import { PrintSheet, printClasses } from './print-sheet';
import classes from './admin-table.module.css';
import festival from './festival.module.css';

type GeneratedCodesModalProps = { houseId: number; houseName: string; codes: string[]; onClose: () => void };

type Scope = 'new' | 'open';

// Where a guest types the code (the access page's route).
const ACCESS_PATH = '/enthuelle-dein-wappen';

const codeCount = (count: number, kind: string) => (count === 1 ? `1 ${kind} access code` : `${count} ${kind} access codes`);

/**
 * The codes of one generation at once: to read, copy all, or print as a hand-out sheet, one card
 * per guest. A house whose codes were generated in several goes gets one hand-out of all its open
 * (not yet used) codes.
 */
export function GeneratedCodesModal({ houseId, houseName, codes, onClose }: GeneratedCodesModalProps) {
  const accessUrl = `${window.location.origin}${ACCESS_PATH}`;
  const [scope, setScope] = useState<Scope>('new');
  const openCodes = useQuery({ ...openCodesQueryOptions(houseId), enabled: scope === 'open' });
  const shown = scope === 'new' ? codes : (openCodes.data ?? []);
  const loading = scope === 'open' && openCodes.isPending;
  const failed = scope === 'open' && openCodes.isError;

  return (
    <Modal opened onClose={onClose} centered size="lg" title={`New codes for ${houseName}`}>
      <Stack>
        <SegmentedControl
          aria-label="Codes to hand out"
          value={scope}
          onChange={(value) => setScope(value as Scope)}
          data={[
            { value: 'new', label: 'New codes' },
            { value: 'open', label: 'All open codes of this house' },
          ]}
        />
        <Text size="sm" role="status">
          {scope === 'new'
            ? `${codeCount(codes.length, 'new')} for ${houseName}. They are also in the access codes list.`
            : loading
              ? 'Loading the open codes...'
              : failed
                ? 'The open codes could not be loaded.'
                : `${codeCount(shown.length, 'open')} for ${houseName}: every code of this house that no guest has used yet.`}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="ul" aria-label={scope === 'new' ? 'Generated codes' : 'Open codes'} className={festival.codeList}>
          {shown.map((code) => (
            <Text component="li" key={code} className={classes.code}>
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <CopyButton value={shown.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} color={copied ? 'green' : undefined} disabled={shown.length === 0}>
                {copied ? 'Copied' : 'Copy all'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => window.print()} disabled={shown.length === 0}>
            Print hand-out sheet
          </Button>
        </Group>
      </Stack>
      <PrintSheet>
        <div className={printClasses.cards}>
          {shown.map((code) => (
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
