/** User-facing texts of the spec's error catalogue (§8). Use these exactly. */
export const ERROR_TEXTS = {
  unauthorized: 'Forbidden in the action!',
  incorrectCredentials: 'Incorrect credentials!',
  tryAgain: 'Error occurred, please try again later',
  default: 'Something went wrong, please try again later',
  changesSaved: 'Changes saved',
  messageDeleted: 'Message deleted',
  freeSubscriptionUsed: "You've subscribed for free already",
} as const;

/** The one JSON error shape every API failure has. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  details?: Array<{ field: string; message: string }>;
  requestId?: string;
}
