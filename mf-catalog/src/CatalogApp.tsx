import { DEFAULT_CATEGORY_SLUG } from '@adire/contracts';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import styles from './catalog.module.css';
import { CategoryPage } from './pages/CategoryPage';
import { Home } from './pages/Home';
import { InfoPage, SearchResults } from './pages/Simple';


export function CatalogApp() {
  return (
    <div data-boundary="catalog" className={styles.root}>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/product-category" element={<Navigate to={`/product-category/${DEFAULT_CATEGORY_SLUG}`} replace />} />
          <Route path="/product-category/:slug" element={<CategoryPage />} />
          <Route path="/product/:slug" element={<InfoPage title="Product" />} />
          <Route path="/filters" element={<SearchResults />} />
          <Route path="/vip" element={<InfoPage title="VIP" />} />
          <Route path="/blog/*" element={<InfoPage title="Blog" />} />
          <Route path="/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja" element={<InfoPage title="FAQ: how to buy fresh flowers and gifts in Lagos and Abuja" />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
