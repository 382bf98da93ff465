import './mantine.css';
import '@/features/admin/lib/zod-without-eval';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminGuard } from '@/features/admin/components/admin-guard';

export function AdminDashboardRoute() {
  return <AdminGuard>{(user) => <AdminDashboard user={user} />}</AdminGuard>;
}
