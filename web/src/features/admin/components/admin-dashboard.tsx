import { Button, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { AdminUser } from '@contract/auth';
import { useLogout } from '../api/auth';
import { clearAdminUser } from '../lib/admin-session';
import { AccessCodesTab } from './access-codes-tab';
import classes from './admin-dashboard.module.css';
import { AdminTheme } from './admin-theme';
import { HousesTab } from './houses-tab';
import { OrdersTab } from './orders-tab';
import { PickupTab } from './pickup-tab';
import { ProductsTab } from './products-tab';
import { SettingsTab } from './settings-tab';
import { UsersTab } from './users-tab';

export function AdminDashboard({ user }: { user: AdminUser }) {
  const navigate = useNavigate();
  const logout = useLogout();

  const signOut = () => {
    // The stored login goes whatever the server answers: the admin asked to leave.
    logout.mutate(undefined, {
      onSettled: () => {
        clearAdminUser();
        void navigate('/admin/login', { replace: true });
      },
    });
  };

  return (
    <AdminTheme>
      <header className={classes.header}>
        <div>
          <Title order={1} size="h2">
            Admin Dashboard
          </Title>
          <Text size="sm" c="dimmed">
            {user.username}
          </Text>
        </div>
        <Button variant="outline" onClick={signOut} disabled={logout.isPending}>
          Abmelden
        </Button>
      </header>
      <main className={classes.main}>
        <Tabs defaultValue="users" keepMounted={false}>
          <Tabs.List className={classes.tabList} mb="md">
            <Tabs.Tab value="users">Benutzer</Tabs.Tab>
            <Tabs.Tab value="houses">Häuser</Tabs.Tab>
            <Tabs.Tab value="access-codes">Zugangscodes</Tabs.Tab>
            <Tabs.Tab value="products">Produkte</Tabs.Tab>
            <Tabs.Tab value="orders">Bestellungen</Tabs.Tab>
            <Tabs.Tab value="pickup">Ausgabe</Tabs.Tab>
            <Tabs.Tab value="settings">Einstellungen</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users">
            <UsersTab currentUserId={user.id} />
          </Tabs.Panel>
          <Tabs.Panel value="houses">
            <HousesTab />
          </Tabs.Panel>
          <Tabs.Panel value="access-codes">
            <AccessCodesTab />
          </Tabs.Panel>
          <Tabs.Panel value="products">
            <ProductsTab />
          </Tabs.Panel>
          <Tabs.Panel value="orders">
            <OrdersTab />
          </Tabs.Panel>
          <Tabs.Panel value="pickup">
            <PickupTab />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsTab />
          </Tabs.Panel>
        </Tabs>
      </main>
    </AdminTheme>
  );
}
