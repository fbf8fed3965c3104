# A feature file with no step definitions: every step is read by the rules
# (or a phrase of phrases.yaml, beside it).
@shop
Feature: Shopping at the demo shop

  Background:
    Given I am on /login
    When I fill in the form:
      | field    | value        |
      | Username | demo         |
      | Password | {{PASSWORD}} |
    And I click Log in

  @smoke
  Scenario: Logged in
    Then I should see "Welcome back, demo"

  @cart
  Scenario Outline: Add <item> to the cart
    When I add the <item> to the cart
    Then I should see "<item> added to cart"
    And the cart holds 1 item

    Examples:
      | item      |
      | Blue Mug  |
      | Green Tea |
      | Notebook  |

  @cart @slow
  Scenario: Two items in catalogue order
    When I add the Notebook to the cart
    And I add the Blue Mug to the cart
    And I go to the cart
    Then the cart lists Blue Mug, Notebook in that order
