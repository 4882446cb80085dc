export { KeywordAlertBadge, KeywordAlertsScope, KeywordAlertSound } from './components/keyword-alert-badge';
export { ALERTS_KEY } from './api';
