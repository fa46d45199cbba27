#!/usr/bin/env python3
"""The Shop storefront in headless Chromium at 390×844 (scripts/e2e runs it after Orders),
against a `bottega serve --shop-replay` of the live PrestaShop 8.1.2 demo recording
(`ps-8.1.2-live`), the storefront's default demo.

home → category Men (the card's home_default thumbnail) → product 1 with one picker per
attribute group (Size M, Color Black → combination 4) → a bad quantity refused → add 3 → cart
→ register (an impossible birthday, 1990-02-30, refused first) → address in Milan (Italy
needs a province: refused without, then Milano) and an office in Miami → on the one checkout
form, deliver to Miami instead, type WELCOME5 and choose bank wire, the totals redrawn in place
(−$5.00) → the order page shows the Miami address, the voucher and "Awaiting bank wire payment"
(never "Payment error" nor "Remote payment accepted") at PrestaShop's own total → order history
→ special offers → log out, log in again → the 19-product category Home in pages of 12
(PS_PRODUCTS_PER_PAGE): page 2 holds products 13–19 → sorted by price → a search nobody
recorded ("sweater") found by the replay's search.

    e2e_shop.py --base URL --screenshots DIR --first-shot 48 --downloads DIR
"""
import re
import time

import e2e
from e2e import check
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

# A new address each run: the replay keeps the customers a run registers for as long as it runs.
EMAIL = f"laura.{int(time.time())}@example.com"
PASSWORD = "natural philosophy"


class ShopPath(e2e.Path):
    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.order_number = None

    def run(self):
        return self.walk([
            ("shop home", self.home), ("category", self.category), ("product with pickers", self.product),
            ("a bad quantity", self.bad_quantity), ("add to cart", self.add), ("register", self.register),
            ("address with a province", self.address), ("voucher", self.voucher), ("order", self.order),
            ("order history", self.history), ("special offers", self.specials), ("log in again", self.login),
            ("a 19-product category, page 2", self.category_pages), ("an unrecorded search", self.search),
        ])

    def home(self):
        self.go("/")
        self.click(self.css('main a[href="/shop"]'))
        self.until(lambda d: self.path() == "/shop", "the shop's home")
        check("Clothes" in self.text(), "no category Clothes on the home screen")
        self.shot("shop-home")
        return None

    def category(self):
        self.go("/shop/categories/4")
        self.until(lambda d: "Hummingbird printed t-shirt" in self.text(), "the category's products")
        self.until(lambda d: self.all("#list-end"), "the whole list")
        image = self.css('li.shop-card img').get_attribute("src")
        check(image.endswith("/home_default"), f"the card does not load the home_default thumbnail: {image}")
        self.until(lambda d: d.execute_script("return arguments[0].naturalWidth", self.css('li.shop-card img')) == 250, "the 250×250 thumbnail")
        self.shot("shop-category")
        return f"{len(self.all('li.shop-card'))} products"

    def product(self):
        self.click(self.css('li.shop-card a[href="/shop/products/1"]'))
        self.until(lambda d: self.path() == "/shop/products/1", "the product page")
        Select(self.css("select[name=attribute_1]")).select_by_visible_text("M")
        Select(self.css("select[name=attribute_2]")).select_by_visible_text("Black")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Show this one']"))
        self.until(lambda d: "Size: M" in self.text() and "Color: Black" in self.text(), "combination M / Black")
        check(self.css("input[name=combination]").get_attribute("value") == "4", "M / Black is not combination 4")
        self.shot("shop-product")
        return self.css(".shop-price").text

    def bad_quantity(self):
        quantity = self.css("input[name=quantity]")
        quantity.clear()
        quantity.send_keys("0")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Add to cart']"))
        self.until(lambda d: "The quantity must be a whole number" in self.text(), "the refusal of quantity 0")
        self.shot("shop-product-error", scroll_to=self.css("#form-error"))
        return None

    def add(self):
        quantity = self.css("input[name=quantity]")
        quantity.clear()
        quantity.send_keys("3")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Add to cart']"))
        self.until(lambda d: self.path() == "/shop/cart" and "Total" in self.text(), "the cart")
        # 3 × 19.12 (23.90 − 20 %), the US default country charging no tax without a state.
        check("57.36" in self.text(), f"the cart's total is not 57.36: {self.text()}")
        self.shot("shop-cart")
        return "3 × $19.12"

    def register(self):
        self.click(self.driver.find_element(By.LINK_TEXT, "Checkout"))
        self.until(lambda d: self.path() == "/shop/login", "the login screen")
        check("Continue as a guest" in self.text(), "no guest checkout offered (the demo allows it)")
        self.click(self.driver.find_element(By.LINK_TEXT, "Register"))
        form = self.visible("form[action='/shop/register']")
        for name, value in (("firstname", "Laura"), ("lastname", "Bassi"), ("email", EMAIL), ("password", PASSWORD)):
            form.find_element(By.NAME, name).send_keys(value)
        self.driver.execute_script("arguments[0].type = 'text'; arguments[0].value = '1990-02-30'", form.find_element(By.NAME, "birthday"))
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "1990-02-30" in self.text() and "real date" in self.text(), "the refusal of 1990-02-30")
        self.shot("shop-register-refused")
        form = self.css("form[action='/shop/register']")
        form.find_element(By.NAME, "password").send_keys(PASSWORD)
        self.driver.execute_script("arguments[0].value = '1990-10-29'", form.find_element(By.NAME, "birthday"))
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path() == "/shop/checkout", "the checkout after registering")
        return None

    def fill_address(self):
        form = self.visible("form[action='/shop/addresses']")
        for name, value in (("alias", "Bologna office"), ("firstname", "Laura"), ("lastname", "Bassi"), ("address1", "Via Dante 7"),
                            ("postcode", "20121"), ("city", "Milano")):
            field = form.find_element(By.NAME, name)
            field.clear()
            field.send_keys(value)
        Select(form.find_element(By.NAME, "country")).select_by_visible_text("Italy")
        return form

    def address(self):
        self.click(self.driver.find_element(By.LINK_TEXT, "Add one"))
        form = self.fill_address()
        Select(form.find_element(By.NAME, "state")).select_by_index(0)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "needs one" in self.text(), "the refusal of an Italian address without a province")
        form = self.fill_address()
        Select(form.find_element(By.NAME, "state")).select_by_visible_text("Milano")
        self.shot("shop-address")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path() == "/shop/checkout", "the checkout")
        # A second address, which the checkout starts without: the shopper changes to it there.
        self.go("/shop/addresses")
        form = self.visible("form[action='/shop/addresses']")
        for name, value in (("alias", "Miami office"), ("firstname", "Laura"), ("lastname", "Bassi"), ("address1", "100 Biscayne Blvd"),
                            ("postcode", "33132"), ("city", "Miami")):
            field = form.find_element(By.NAME, name)
            field.clear()
            field.send_keys(value)
        Select(form.find_element(By.NAME, "country")).select_by_visible_text("United States")
        Select(form.find_element(By.NAME, "state")).select_by_visible_text("Florida")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "Miami office" in self.text(), "the second address")
        self.go("/shop/checkout")
        return "Milano (MI), Italy; Miami (FL), United States"

    def settled(self):
        """The checkout form once its in-place redraw is done."""
        self.until(lambda d: self.all("#checkout-form") and not self.css("#checkout-form").get_attribute("aria-busy"), "the redrawn checkout")
        return self.css("#checkout-form")

    def voucher(self):
        form = self.settled()
        check("Bologna office" in self.css("#checkout-totals").text or "Via Dante 7" in self.css("#checkout-totals").text,
              f"the checkout does not start with the first address: {self.css('#checkout-totals').text}")
        select = Select(form.find_element(By.NAME, "address"))
        miami = next(option.get_attribute("value") for option in select.options if option.text.startswith("Miami office"))
        select.select_by_value(miami)
        self.until(lambda d: "100 Biscayne Blvd" in self.css("#checkout-totals").text, "the totals for Miami, redrawn in place")
        form = self.settled()
        label = form.find_element(By.XPATH, ".//label[contains(normalize-space(), 'My carrier')]")
        self.click(label.find_element(By.CSS_SELECTOR, "input[type=radio]"))
        self.until(lambda d: "My carrier" in self.css("#checkout-totals caption").text, "the totals by My carrier")
        form = self.settled()
        field = form.find_element(By.NAME, "voucher")
        field.send_keys("WELCOME5")
        field.send_keys("\n")
        self.until(lambda d: "−$5.00" in self.css("#checkout-totals").text, "the totals with the voucher")
        form = self.settled()
        self.click(form.find_element(By.CSS_SELECTOR, "input[name=payment][value=bankwire]"))
        form = self.settled()
        totals = self.css("#checkout-totals").text
        check("−$5.00" in totals and "100 Biscayne Blvd" in totals, f"the voucher or the address is not in the totals: {totals}")
        check("My carrier" in self.text() and "7.42" in self.text(), f"My carrier is not offered at 7.42 to Miami: {self.text()}")
        self.shot("shop-checkout", scroll_to=self.css("#checkout-totals"))
        return totals.replace("\n", " · ")

    def order(self):
        form = self.settled()
        check(form.find_element(By.CSS_SELECTOR, "input[name=carrier][value='2']").is_selected(), "My carrier is not the chosen one")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Place the order']"))
        self.until(lambda d: re.fullmatch(r"/shop/orders/\d+", self.path()), "the confirmation")
        text = self.text()
        check("Payment error" not in text and "not accepted as paid" not in text, f"the order landed in Payment error: {text}")
        check("Awaiting bank wire payment" in text, f"the bank-wire order is not awaiting its payment: {text}")
        check("100 Biscayne Blvd" in self.css("#order-delivery").text, f"the order is not delivered to Miami: {self.css('#order-delivery').text}")
        check("−$5.00" in text, f"the voucher is not on the order: {text}")
        # 3 × 20.2672 (19.12 + Florida's 6 %) = 60.8016, + 7.42 shipping (7.00 + 6 %), − 5.00 voucher = 63.2216.
        check(self.css("#order-total").text.startswith("$63.22"), f"the order's total is not 63.22: {self.css('#order-total').text}")
        self.order_number = self.css("#order-id").text
        self.shot("shop-order")
        return f"order {self.order_number}, {self.css('#order-total').text}, to Miami, awaiting bank wire"

    def history(self):
        self.go("/shop/orders")
        self.until(lambda d: self.all("#orders li"), "the order history")
        check(any(f"/shop/orders/{self.order_number}" in (link.get_attribute("href") or "") for link in self.all("#orders a")),
              "the new order is not in the history")
        self.shot("shop-orders")
        return f"{len(self.all('#orders li'))} orders"

    def specials(self):
        self.click(self.css('header a[href="/shop/specials"]'))
        self.until(lambda d: "Hummingbird printed t-shirt" in self.text(), "product 1 among the offers")
        self.shot("shop-specials")
        return None

    def login(self):
        self.click(self.css('header a[href="/shop/account"]'))
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Log out']"))
        self.until(lambda d: self.path() == "/shop", "the shop's home after logging out")
        self.go("/shop/login")
        form = self.visible("form[action='/shop/login']")
        form.find_element(By.NAME, "email").send_keys(EMAIL)
        form.find_element(By.NAME, "password").send_keys(PASSWORD)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "Logged in as Laura Bassi" in self.text(), "the account after logging in")
        self.shot("shop-account")
        return None

    def category_pages(self):
        self.go("/shop/categories/2")
        self.until(lambda d: self.all("#list-end"), "the whole first page")
        check("Page 1 of 2" in self.text(), "the 19 products are not in 2 pages of 12")
        check(len(self.all("li.shop-card")) == 12, f"page 1 shows {len(self.all('li.shop-card'))} cards, not 12")
        self.click(self.css('a[rel="next"]'))
        self.until(lambda d: "page=2" in d.current_url and self.all("#list-end"), "page 2")
        shown = [int(link.get_attribute("href").rsplit("/", 1)[1]) for link in self.all("li.shop-card a")]
        check(shown == list(range(13, 20)), f"page 2 shows products {shown}, not 13–19")
        check("Page 2 of 2" in self.text() and self.all('a[rel="prev"]'), "page 2 does not say where it is")
        self.shot("shop-category-page-2")
        Select(self.css("#sort-form select[name=sort]")).select_by_value("price-asc")
        self.click(self.css("#sort-form button[type=submit]"))
        self.until(lambda d: "sort=price-asc" in d.current_url and self.all("#list-end"), "the category by price")
        prices = [float(re.sub(r"[^0-9.]", "", card.text)) for card in self.all("li.shop-card .price strong")]
        check(prices == sorted(prices), f"not by price: {prices}")
        self.shot("shop-category-by-price")
        return f"page 2: products {shown[0]}–{shown[-1]}"

    def search(self):
        self.go("/shop")
        form = self.visible("form[action='/shop/search']")
        form.find_element(By.NAME, "q").send_keys("sweater")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "Hummingbird printed sweater" in self.text(), "the sweater found")
        self.shot("shop-search")
        return f"{len(self.all('li.shop-card'))} found"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-shop.png")
    parser.add_argument("--first-shot", type=int, default=1)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(ShopPath, args)


if __name__ == "__main__":
    main()
