/** True in development and test builds, where the Mirage drive stands in for the backend. */
declare const __MOCK_BACKEND__: boolean;
