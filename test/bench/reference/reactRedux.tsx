/** Reference page: React with the panel's state stack (Redux Toolkit, react-redux, redux-saga, redux-persist, js-cookie), rendering one iframe. */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { createRoot } from 'react-dom/client';
import { Provider, useSelector } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { put } from 'redux-saga/effects';
import { persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/lib/storage';

const slice = createSlice({
  name: 'page',
  initialState: { src: document.body.dataset.src ?? 'about:blank', cookie: '' },
  reducers: { cookieRead: (s, a) => ({ ...s, cookie: String(a.payload) }) },
});
const sagas = createSagaMiddleware();
const store = configureStore({
  reducer: persistReducer({ key: 'ref', storage }, slice.reducer),
  middleware: (d) => d({ serializableCheck: false }).concat(sagas),
});
persistStore(store);
sagas.run(function* start() {
  yield put(slice.actions.cookieRead(Cookies.get('ref') ?? ''));
});
function Page() {
  const src = useSelector((s: ReturnType<typeof store.getState>) => s.src);
  return <iframe title="Drive file" src={src} style={{ width: '100%', height: '100%', border: 0 }} />;
}
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <Provider store={store}>
      <Page />
    </Provider>,
  );
