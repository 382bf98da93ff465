import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { AdminUser } from '@contract/auth';
import { readAdminUser, SESSION_EXPIRED_EVENT } from '../lib/admin-session';

type GuardState = { status: 'checking' } | { status: 'denied' } | { status: 'allowed'; user: AdminUser };

/** Lets only a stored admin login through; an expired session (401) also leads back to sign-in. */
export function AdminGuard({ children }: { children: (user: AdminUser) => ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<GuardState>({ status: 'checking' });

  useEffect(() => {
    const user = readAdminUser();
    setState(user ? { status: 'allowed', user } : { status: 'denied' });
    const onExpired = () => void navigate('/admin/login', { replace: true });
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate]);

  if (state.status === 'denied') return <Navigate to="/admin/login" replace />;
  if (state.status === 'checking') {
    return (
      <Center mih="100vh">
        <Stack align="center">
          <Loader />
          <Text>Authenticating...</Text>
        </Stack>
      </Center>
    );
  }
  return <>{children(state.user)}</>;
}
