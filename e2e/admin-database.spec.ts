import { checkPage, expect, signUpAs, test, toast } from './support.ts';

/** Database maintenance in the browser: Initialize Tasks, the task cards, Run Now, Configure and the log. */
test('admin: initialize the maintenance tasks, run one now, configure another, and read the log', async ({ page }) => {
  await signUpAs(page, 'admin', 'Dana Database');
  await page.goto('/admin');
  await page.getByRole('link', { name: /Database Maintenance/ }).click();
  await expect(page).toHaveURL(/\/admin\/maintenance$/);
  await expect(page.getByRole('heading', { name: 'Database Maintenance', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Initialize Tasks' }).click();
  await expect(toast(page, 'Maintenance tasks initialized')).toBeVisible();
  const tasks = page.getByRole('region', { name: 'Maintenance tasks' });
  await expect(tasks.getByRole('article')).toHaveCount(6);
  const statistics = tasks.getByRole('article', { name: 'Planner statistics' });
  await expect(statistics).toContainText('Weekly');

  await statistics.getByRole('button', { name: 'Run Planner statistics now' }).click();
  await expect(toast(page, /^Task completed: 0 records deleted, 0\.00 MB saved/)).toBeVisible();
  const log = page.getByRole('group', { name: 'Maintenance logs table' });
  await expect(log.getByRole('row').filter({ hasText: 'Planner statistics' }).filter({ hasText: 'completed' }).first()).toBeVisible();
  await expect(statistics).not.toContainText('Never');

  // Configure: a retention above 365, or below the 90 days the analytics pages read, cannot be saved; a valid change
  // shows on the card.
  const analytics = tasks.getByRole('article', { name: 'Old analytics' });
  await analytics.getByRole('button', { name: 'Configure Old analytics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Old analytics' });
  await dialog.getByLabel('Retention (days)').fill('400');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Retention (days)').fill('60');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Retention (days)').fill('120');
  await dialog.getByLabel('Schedule').selectOption('monthly');
  await dialog.getByRole('switch', { name: 'Enabled' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Task updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(analytics).toContainText('Disabled');
  await expect(analytics).toContainText('Monthly');
  await expect(analytics).toContainText('120 days');
  await expect(analytics).toContainText('Not scheduled');

  await checkPage(page, 'admin-maintenance', async (p) => {
    await expect(p.getByRole('region', { name: 'Maintenance tasks' }).getByRole('article')).toHaveCount(6);
  });

  // Every one of these actions is in the audit log.
  await page.goto('/admin/logs');
  for (const action of ['maintenance_tasks_initialized', 'maintenance_task_executed', 'maintenance_task_updated']) {
    await page.getByLabel('Action').selectOption(action);
    await expect(page.getByRole('article', { name: `${action} on maintenance_task` }).first()).toBeVisible();
  }
});
