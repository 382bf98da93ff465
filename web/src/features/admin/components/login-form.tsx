import { Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_MESSAGES, loginRequestSchema } from '@contract/auth';
import { useLogin } from '../api/auth';
import { storeAdminUser } from '../lib/admin-session';
import { toastError, toastSuccess } from '../lib/toast';
import classes from './login-form.module.css';

type FieldErrors = { username?: string; password?: string };

const FAILURE_TITLE = 'Fehler bei der Anmeldung';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.ok) {
          toastError(result.error ?? LOGIN_MESSAGES.invalidCredentials, FAILURE_TITLE);
          return;
        }
        storeAdminUser(result.user);
        toastSuccess('Willkommen im Admin-Bereich', 'Erfolgreich angemeldet');
        void navigate('/admin/dashboard');
      },
      onError: () => toastError('Bitte überprüfen Sie Ihre Anmeldeinformationen', FAILURE_TITLE),
    });
  };

  return (
    <main className={classes.root}>
      <Card className={classes.card} withBorder padding="xl">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Admin-Bereich
            </Title>
            <Text c="dimmed">Melden Sie sich an, um auf den Admin-Bereich zuzugreifen</Text>
            <TextInput
              label="Benutzername"
              placeholder="Benutzername eingeben"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={errors.username}
            />
            <PasswordInput
              label="Passwort"
              placeholder="Passwort eingeben"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
            />
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? 'Wird angemeldet...' : 'Anmelden'}
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Hinweis: Nur autorisierte Administratoren haben Zugriff
            </Text>
          </Stack>
        </form>
      </Card>
    </main>
  );
}
