import './mantine.css';
import { LoginForm } from '@/features/admin/components/login-form';
import { usePageTitle } from '@/lib/use-page-title';

export function AdminLoginRoute() {
  usePageTitle({ title: 'Admin-Bereich' });
  return <LoginForm />;
}
