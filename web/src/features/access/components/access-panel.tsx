import { Anchor, Button, Loader, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ACCESS_CODE_MESSAGES } from '@contract/access-code-rules';
import { isOffline, lostConnection, needsConnection } from '@/features/offline/online-status';
import { useValueBeforeTakeover } from '@/lib/use-value-before-takeover';
import { ACCESS_PATH, SENT_CODE_QUERY_KEY, type SentCodeAnswer } from '../api/sent-code';
import { useVerifyCode, type VerifiedHouse, type VerifyCodeResult } from '../api/verify-code';
import { useTransientMessage } from '../hooks/use-transient-message';
import { forgetCode, readRememberedCode, readRememberedHouse, rememberCode } from '../remembered-code';
import { HouseWelcome } from './house-welcome';
import classes from './access-panel.module.css';

// SPEC §4 and §9: every error shows for 3 seconds, then hides.
export const ERROR_VISIBLE_MS = 3000;

export const ACCESS_MESSAGES = {
  empty: ACCESS_CODE_MESSAGES.empty,
  invalid: ACCESS_CODE_MESSAGES.invalid,
  network: 'Fehler beim Überprüfen des Codes. Bitte versuche es erneut.',
  submit: 'Freischalten',
  // While the code is checked, also when it was sent before the page was taken over (index.html).
  checking: 'Wird geprüft…',
  locked: (seconds: number) => `Gesperrt – noch ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  offline: needsConnection('zum Prüfen des Codes'),
} as const;

/** The whole seconds until `until` (a time in ms), counted down once a second; 0 without one. */
function useSecondsLeft(until: number | null) {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = window.setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]); // left reads only until

  return seconds;
}

function Seal() {
  return (
    <svg className={classes.seal} viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="25" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="28" cy="28" r="19" fill="none" stroke="currentColor" strokeWidth="1" strokeDasharray="2 3" />
      <path d="M28 14l4 9 10 1-7.5 6.5 2.3 9.8L28 35l-8.8 5.3 2.3-9.8L14 24l10-1 4-9Z" fill="currentColor" />
    </svg>
  );
}

/** The message a refused code or a call without an answer shows. */
const refusal = (result: VerifyCodeResult | null) => (result === null ? ACCESS_MESSAGES.network : result.verified ? null : (result.error ?? ACCESS_MESSAGES.invalid));
/** Until when a refusal locks the form (its Retry-After), or null. */
const lockedUntilAfter = (result: VerifyCodeResult | null) =>
  result && !result.verified && result.retryAfterSeconds ? Date.now() + result.retryAfterSeconds * 1000 : null;

/** The access-code page's content: the code form, then the house it unlocked. */
export function AccessPanel({ intro }: { intro?: string }) {
  // A code sent as a plain form before the takeover, with the answer the server rendered (sent-code.ts).
  const queryClient = useQueryClient();
  const [sent] = useState(() => queryClient.getQueryData<SentCodeAnswer>(SENT_CODE_QUERY_KEY) ?? null);
  const [code, setCode] = useState(sent?.code ?? '');
  const codeField = useValueBeforeTakeover<HTMLInputElement>(code, setCode);
  // The code the house was opened with; `remembered` once it is kept on this device. A house the
  // server opened waits for the button: a chat opened seconds later, by itself, would surprise.
  const [opened, setOpened] = useState<{ house: VerifiedHouse; code: string; typed: boolean } | null>(() =>
    sent?.result?.verified ? { house: sent.result.house, code: sent.code.trim(), typed: false } : null,
  );
  const [remembered, setRemembered] = useState(false);
  // A kept code is checked again before its house shows (the first render, as on the server, shows the form).
  const [checking, setChecking] = useState(false);
  const error = useTransientMessage(ERROR_VISIBLE_MS, sent ? refusal(sent.result) : null);
  // Past the limit on wrong codes the form stays locked for the answer's Retry-After, and says so.
  const [lockedUntil, setLockedUntil] = useState<number | null>(() => (sent ? lockedUntilAfter(sent.result) : null));
  const lockedFor = useSecondsLeft(lockedUntil);
  const verify = useVerifyCode();
  const { mutate } = verify;

  useEffect(() => {
    if (!sent) return;
    // The page's entry in the history was the form's POST: made a plain one, a reload asks for
    // the page again instead of offering to send the code once more.
    window.history.replaceState(window.history.state, '');
  }, [sent]);

  useEffect(() => {
    const kept = readRememberedCode();
    if (!kept || sent) return;
    // Offline (the festival ground), the house kept with the code shows as it was last opened.
    const showKeptHouse = () => {
      const house = readRememberedHouse();
      if (!house) return false;
      setOpened({ house, code: kept, typed: false });
      setRemembered(true);
      return true;
    };
    if (isOffline() && showKeptHouse()) return;
    setChecking(true);
    mutate(kept, {
      onSuccess: (result) => {
        if (result.verified) {
          rememberCode(kept, result.house);
          setOpened({ house: result.house, code: kept, typed: false });
          setRemembered(true);
        } else {
          // The code no longer opens a house (deleted, moved): forget it.
          forgetCode();
        }
      },
      onError: () => showKeptHouse(),
      onSettled: () => setChecking(false),
    });
  }, [mutate, sent]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (lockedFor > 0 || verify.isPending) return;
    if (!trimmed) {
      error.show(ACCESS_MESSAGES.empty);
      return;
    }
    if (isOffline()) {
      // No spinner that never ends: the check needs the cms.
      error.show(ACCESS_MESSAGES.offline);
      return;
    }
    error.clear();
    verify.mutate(trimmed, {
      onSuccess: (result) => {
        if (result.verified) return setOpened({ house: result.house, code: trimmed, typed: true });
        error.show(refusal(result)!);
        setLockedUntil(lockedUntilAfter(result));
      },
      onError: (failure) => error.show(lostConnection(failure) ? ACCESS_MESSAGES.offline : ACCESS_MESSAGES.network),
    });
  };

  const keep = () => {
    if (opened && rememberCode(opened.code, opened.house)) setRemembered(true);
  };
  const forget = () => {
    forgetCode();
    setRemembered(false);
    setOpened(null);
    setCode('');
  };
  const house = opened?.house ?? null;

  return (
    <section id="login" className={classes.root} aria-label="Zugang zum Haus">
      <div className={classes.card}>
        {house && opened ? (
          <HouseWelcome
            house={house}
            openChat={opened.typed}
            remembered={remembered}
            onRemember={keep}
            onForget={forget}
            chatQrCode={sent?.result?.verified && sent.result.house === house ? sent.chatQrCode : null}
          />
        ) : checking ? (
          <Text role="status" className={classes.intro}>
            Dein Haus wird geöffnet…
          </Text>
        ) : (
          <>
            <div className={classes.header}>
              <Seal />
              <Title order={1} className={classes.title}>
                Zugang zum Haus
              </Title>
              {intro && <Text className={classes.intro}>{intro}</Text>}
            </div>
            {/* A plain form until the takeover: the site's server answers it (sent-code.ts). */}
            <form className={classes.form} method="post" action={ACCESS_PATH} onSubmit={submit} noValidate>
              <TextInput
                ref={codeField}
                name="code"
                label="Dein persönlicher Code"
                placeholder="ABCDE-FGHJK"
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={error.message}
                errorProps={{ role: 'alert' }}
                inputWrapperOrder={['label', 'input', 'error']}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                size="lg"
                classNames={{ root: classes.field, input: classes.input, label: classes.label, error: classes.error }}
              />
              <Button
                type="submit"
                size="lg"
                disabled={lockedFor > 0}
                // Shown in its place while a code sent before the takeover is held (index.html sets
                // data-held and aria-busy, and takes them away once this render shows the check).
                data-held-label={ACCESS_MESSAGES.checking}
                leftSection={verify.isPending ? <Loader size="xs" color="dark.9" aria-hidden="true" /> : undefined}
              >
                {lockedFor > 0 ? ACCESS_MESSAGES.locked(lockedFor) : verify.isPending ? ACCESS_MESSAGES.checking : ACCESS_MESSAGES.submit}
              </Button>
            </form>
          </>
        )}
        <Anchor component={Link} to="/" className={classes.back}>
          ← Zurück zur Hauptseite
        </Anchor>
      </div>
    </section>
  );
}
