export { KeywordAlertBadge, KeywordAlertsScope } from './components/keyword-alert-badge';
export { ALERTS_KEY } from './api';
