import './mantine.css';
import '@/features/admin/lib/zod-without-eval';
import { LoginForm } from '@/features/admin/components/login-form';
import { usePageTitle } from '@/lib/use-page-title';

export function AdminLoginRoute() {
  usePageTitle({ title: 'Admin-Bereich' });
  return <LoginForm />;
}
