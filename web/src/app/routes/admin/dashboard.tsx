import './mantine.css';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminGuard } from '@/features/admin/components/admin-guard';

export function AdminDashboardRoute() {
  return <AdminGuard>{(user) => <AdminDashboard user={user} />}</AdminGuard>;
}
